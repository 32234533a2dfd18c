import { describe, expect, it, vi } from "vitest";
import { attributeCases, doc, expectSafeHtml, hrefCases, imageCases, para, text, textCases, unknownTypeCases } from "../../../tests/helpers/blog-xss";
import { GOOD_IMAGE_SRC } from "../../../tests/helpers/xss-payloads";
import { renderBlogDocument } from "./render";

// The renderer's own defences, with the schema switched off (it lets everything through, as a
// hole in it would): each node and mark is written by the renderer's table, links and pictures
// are checked again there, attributes are written from checked values, and a document
// ProseMirror cannot read falls back to its escaped text. Whatever goes in, nothing outside the
// allow-list comes out.
vi.mock("./schema", () => ({ blogDocumentSchema: { safeParse: (data: unknown) => ({ success: true, data }) } }));

const render = (value: unknown) => renderBlogDocument(value, { locale: "tr", siteUrl: "https://genisbant.example" });

describe("the renderer without the schema", () => {
  it.each([...textCases, ...hrefCases, ...imageCases, ...attributeCases, ...unknownTypeCases].map((c) => [c.name, c.value] as const))("%s", (_, value) => {
    expectSafeHtml(render(value), { hostileText: true });
  });

  it("drops a link it would refuse and keeps its text", () => {
    for (const c of hrefCases) expect(render(c.value), c.name).toBe("<p>tıkla</p>");
  });

  it("drops a picture from anywhere else", () => {
    for (const c of imageCases) expect(render(c.value), c.name).toBe("");
  });

  it("writes attributes only from checked values", () => {
    const html = render(
      doc(
        { type: "heading", attrs: { level: 6 }, content: [text("h")] },
        { type: "orderedList", attrs: { start: "2 onclick=x", type: "disc" }, content: [{ type: "listItem", content: [para(text("l"))] }] },
        { type: "codeBlock", attrs: { language: "x y" }, content: [text("c")] },
        { type: "image", attrs: { src: GOOD_IMAGE_SRC, alt: 5, width: "1 x", height: 1 } },
      ),
    );
    expect(html).toBe(`<h2>h</h2><ol><li><p>l</p></li></ol><pre><code>c</code></pre><img src="${GOOD_IMAGE_SRC}" alt="" loading="lazy" decoding="async">`);
  });
});

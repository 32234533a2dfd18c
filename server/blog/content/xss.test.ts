import { describe, expect, it } from "vitest";
import { attributeCases, doc, expectSafeHtml, hrefCases, imageCases, para, text, textCases, unknownTypeCases } from "../../../tests/helpers/blog-xss";
import { XSS_TEXT } from "../../../tests/helpers/xss-payloads";
import { renderBlogDocument } from "./render";
import { checkBlogDocument } from "./schema";

// Known XSS and mXSS payloads put into post bodies, through the gate (the schema) and the
// renderer as a reader's page uses them. A refused body is never stored; the renderer is also
// given each body unchecked (as if stored before a rule existed) and must still give nothing
// outside the allow-list. render-unchecked.test.ts does the same with the schema switched off.

const render = (value: unknown) => renderBlogDocument(value, { locale: "tr", siteUrl: "https://genisbant.example" });
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

describe("hostile text", () => {
  it.each(textCases.map((c) => [c.name, c.value] as const))("%s: stored as text, shown escaped", (_, value) => {
    const checked = checkBlogDocument(value, { required: true });
    const html = render(value);
    expectSafeHtml(html, { hostileText: true });
    if (checked.success) {
      // Every place the text went shows it, escaped: nothing of it became markup.
      const payload = (value as { content: [{ content: [{ text: string }] }] }).content[0].content[0].text;
      expect(html.split(escape(payload)).length - 1).toBeGreaterThanOrEqual(9);
    } else {
      // Only control characters are refused (NUL cannot even be stored).
      expect(checked.error.key).toBe("blog.validation.content.text");
    }
  });

  it("keeps every payload's characters", () => {
    for (const c of XSS_TEXT.filter((x) => !x.value.includes("\u0000"))) {
      expect(render(doc(para(text(c.value)))), c.name).toBe(`<p>${escape(c.value)}</p>`);
    }
  });
});

describe.each([
  ["links", hrefCases, ["blog.validation.content.linkHref"]],
  ["pictures", imageCases, ["blog.validation.content.imageSrc"]],
  ["smuggled attributes", attributeCases, ["blog.validation.content.invalid", "blog.validation.content.unknownNode", "blog.validation.content.unknownMark", "blog.validation.content.headingLevel", "blog.validation.content.imageSrc", "blog.validation.content.linkHref"]],
  ["unknown types", unknownTypeCases, ["blog.validation.content.unknownNode", "blog.validation.content.unknownMark", "blog.validation.content.invalid"]],
] as const)("hostile %s", (_, cases, keys) => {
  it.each(cases.map((c) => [c.name, c.value] as const))("%s: refused with its message", (name, value) => {
    const checked = checkBlogDocument(value, { required: false });
    expect(checked.success, name).toBe(false);
    if (!checked.success) expect(keys as readonly string[]).toContain(checked.error.key);
  });

  it.each(cases.map((c) => [c.name, c.value] as const))("%s: rendered unchecked, nothing outside the allow-list", (_, value) => {
    const html = render(value);
    // Unknown types carry hostile text in them; the plain-text stand-in shows it, escaped.
    expectSafeHtml(html, { hostileText: true });
    expect(html).not.toMatch(/<a |<img /);
  });
});

describe("what a refused link or picture becomes", () => {
  it("a refused link is its text, a refused picture nothing", () => {
    expect(render(hrefCases[0]!.value)).toBe("<p>tıkla</p>");
    expect(render(imageCases[0]!.value)).toBe("");
  });
});

import { describe, expect, it, vi } from "vitest";
import { readAllowedHtml } from "../../../tests/helpers/allowed-html";
import { EXTERNAL_LINK_REL, renderBlogDocument, renderPlainText } from "./render";
import { BLOG_POST_IMAGE_SIZES } from "../../../common/blog/posts";

const SRC = "/media/blog-images/abcdefghijklmnop.webp";
const SITE = "https://genisbant.example";
const doc = (...content: unknown[]) => ({ type: "doc", content });
const para = (...content: unknown[]) => ({ type: "paragraph", content });
const text = (t: string, marks?: unknown[]) => (marks ? { type: "text", text: t, marks } : { type: "text", text: t });
const link = (href: string) => ({ type: "link", attrs: { href } });
const render = (value: unknown, onInvalid?: (e: unknown) => void) => renderBlogDocument(value, { locale: "tr", siteUrl: SITE, onInvalid });

describe("renderBlogDocument", () => {
  it("renders every allowed node and mark as plain, allowed markup", () => {
    const html = render(
      doc(
        { type: "heading", attrs: { level: 2 }, content: [text("İki")] },
        { type: "heading", attrs: { level: 4 }, content: [text("Dört")] },
        para(text("k", [{ type: "bold" }]), text("i", [{ type: "italic" }]), text("s", [{ type: "strike" }]), text("c", [{ type: "code" }]), { type: "hardBreak" }, text("son")),
        { type: "codeBlock", attrs: { language: "bash" }, content: [text("ping <host>\nexit")] },
        { type: "blockquote", content: [para(text("alıntı"))] },
        { type: "bulletList", content: [{ type: "listItem", content: [para(text("a"))] }] },
        { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [para(text("c"))] }] },
        { type: "horizontalRule" },
      ),
    );
    expect(html).toBe(
      "<h2>İki</h2><h4>Dört</h4><p><strong>k</strong><em>i</em><s>s</s><code>c</code><br>son</p>" +
        '<pre><code class="language-bash">ping &lt;host&gt;\nexit</code></pre><blockquote><p>alıntı</p></blockquote>' +
        '<ul><li><p>a</p></li></ul><ol start="3"><li><p>c</p></li></ol><hr>',
    );
    readAllowedHtml(html);
  });

  it("gives links to other sites rel=nofollow ugc noopener and no target; links within the site no rel", () => {
    const html = render(
      doc(
        para(
          text("dış", [link("https://example.com/a?b=1&c=2")]),
          text("posta", [link("mailto:info@example.com")]),
          text("iç", [link("/paketler")]),
          text("kendi", [link(`${SITE}/blog-yazilari`)]),
          text("benzer", [link("https://genisbant.example.evil.test/")]),
        ),
      ),
    );
    expect(html).toBe(
      `<p><a href="https://example.com/a?b=1&amp;c=2" rel="${EXTERNAL_LINK_REL}">dış</a><a href="mailto:info@example.com" rel="${EXTERNAL_LINK_REL}">posta</a>` +
        `<a href="/paketler">iç</a><a href="${SITE}/blog-yazilari">kendi</a><a href="https://genisbant.example.evil.test/" rel="${EXTERNAL_LINK_REL}">benzer</a></p>`,
    );
    expect(html).not.toContain("target");
  });

  it("gives pictures their size when known, their narrower copies as a srcset, lazy loading and async decoding", () => {
    const copy480 = SRC.replace(".webp", "-480w.webp");
    expect(render(doc({ type: "image", attrs: { src: SRC, alt: 'Kablo "cat6"', width: 640, height: 480 } }))).toBe(
      `<img src="${SRC}" srcset="${copy480} 480w, ${SRC} 640w" sizes="${BLOG_POST_IMAGE_SIZES}" alt="Kablo &quot;cat6&quot;" width="640" height="480" loading="lazy" decoding="async">`,
    );
    // Narrower than every copy: the picture alone.
    expect(render(doc({ type: "image", attrs: { src: SRC, alt: "Kablo", width: 300, height: 200 } }))).toBe(
      `<img src="${SRC}" alt="Kablo" width="300" height="200" loading="lazy" decoding="async">`,
    );
    expect(render(doc({ type: "image", attrs: { src: SRC, alt: "Kablo", title: "Başlık" } }))).toBe(
      `<img src="${SRC}" alt="Kablo" title="Başlık" loading="lazy" decoding="async">`,
    );
  });

  it("wraps tables in a labelled region that scrolls sideways, header cells scoped", () => {
    const table = {
      type: "table",
      content: [
        { type: "tableRow", content: [{ type: "tableHeader", content: [para(text("Paket"))] }, { type: "tableHeader", content: [para(text("Fiyat"))] }] },
        { type: "tableRow", content: [{ type: "tableHeader", content: [para(text("Fiber"))] }, { type: "tableCell", attrs: { colspan: 1, rowspan: 2, colwidth: [200] }, content: [para(text("399"))] }] },
      ],
    };
    const html = render(doc(table));
    expect(html).toBe(
      '<div class="blog-table" role="region" aria-label="Tablo (yana kaydırılabilir)" tabindex="0"><table><tbody>' +
        '<tr><th scope="col"><p>Paket</p></th><th scope="col"><p>Fiyat</p></th></tr>' +
        '<tr><th scope="row"><p>Fiber</p></th><td rowspan="2"><p>399</p></td></tr></tbody></table></div>',
    );
    expect(renderBlogDocument(doc(table), { locale: "en", siteUrl: SITE })).toContain('aria-label="Table (scrolls sideways)"');
  });

  it("shows a document that fails the check as its escaped text, and says so", () => {
    const onInvalid = vi.fn();
    const html = render(doc({ type: "iframe", content: [para(text("<b>içerik</b>"))] }, para(text("devam\nsatır"))), onInvalid);
    expect(html).toBe("<p>&lt;b&gt;içerik&lt;/b&gt;</p><p>devam<br>satır</p>");
    expect(onInvalid).toHaveBeenCalledOnce();
  });

  it("never throws, whatever it is given", () => {
    for (const value of [undefined, null, "", "<script>", 1, [], {}, { type: "doc" }, { type: "doc", content: "x" }, { type: "doc", content: [{}] }]) {
      expect(render(value), JSON.stringify(value)).toBe("");
    }
  });

  it("renders the empty document as an empty paragraph", () => {
    expect(render(doc({ type: "paragraph" }))).toBe("<p></p>");
  });
});

describe("renderPlainText", () => {
  it("makes paragraphs of blank-line separated text, escaped", () => {
    expect(renderPlainText("a < b\nc\n\n\nd & e")).toBe("<p>a &lt; b<br>c</p><p>d &amp; e</p>");
    expect(renderPlainText("")).toBe("");
  });
});

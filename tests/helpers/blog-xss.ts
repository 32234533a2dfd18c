// Hostile post bodies for the blog's XSS tests (unit tests of the schema and renderer, and the
// browser test of the post page), and the one check of what a reader gets.

import { expect } from "vitest";
import { classifyHref, isBlogImageSrc } from "../../common/blog/document";
import { readAllowedHtml, type HtmlElement } from "./allowed-html";
import type { HostileCase } from "./hostile";
import { GOOD_IMAGE_SRC, XSS_HREFS, XSS_IMAGE_SOURCES, XSS_TEXT } from "./xss-payloads";

export const doc = (...content: unknown[]) => ({ type: "doc", content });
export const para = (...content: unknown[]) => ({ type: "paragraph", content });
export const text = (t: string, marks?: unknown[]) => (marks ? { type: "text", text: t, marks } : { type: "text", text: t });
const cellOf = (type: string, content: unknown) => ({ type: "table", content: [{ type: "tableRow", content: [{ type, content: [content] }] }] });

/** A document with `value` as the text of every kind of node and as a picture's description. */
export function textEverywhere(value: string) {
  return doc(
    { type: "heading", attrs: { level: 2 }, content: [text(value)] },
    para(text(value), text(value, [{ type: "bold" }, { type: "italic" }]), text(value, [{ type: "link", attrs: { href: "https://example.com" } }]), text(value, [{ type: "code" }])),
    { type: "codeBlock", attrs: { language: "html" }, content: [text(value)] },
    { type: "blockquote", content: [para(text(value))] },
    { type: "bulletList", content: [{ type: "listItem", content: [para(text(value))] }] },
    cellOf("tableCell", para(text(value))),
    cellOf("tableHeader", para(text(value))),
    { type: "image", attrs: { src: GOOD_IMAGE_SRC, alt: value, title: value } },
  );
}

export const hrefCases: HostileCase<unknown>[] = XSS_HREFS.map((c) => ({ name: `link to ${c.name}`, value: doc(para(text("tıkla", [{ type: "link", attrs: { href: c.value } }]))) }));

export const imageCases: HostileCase<unknown>[] = XSS_IMAGE_SOURCES.map((c) => ({ name: `picture from ${c.name}`, value: doc({ type: "image", attrs: { src: c.value, alt: "resim" } }) }));

const OK_LINK = { type: "link", attrs: { href: "https://example.com" } };

/** Attributes smuggled onto allowed types: each must be refused by the schema, and never rendered. */
export const attributeCases: HostileCase<unknown>[] = [
  { name: "onclick on a paragraph", value: doc({ type: "paragraph", attrs: { onclick: "alert(1)" }, content: [text("x")] }) },
  { name: "onclick beside a heading level", value: doc({ type: "heading", attrs: { level: 2, onclick: "alert(1)" }, content: [text("x")] }) },
  { name: "a heading level with an attribute", value: doc({ type: "heading", attrs: { level: "2 onmouseover=alert(1)" }, content: [text("x")] }) },
  { name: "a heading level with a tag", value: doc({ type: "heading", attrs: { level: "2><script>alert(1)</script><h2" }, content: [text("x")] }) },
  { name: "a code language breaking out", value: doc({ type: "codeBlock", attrs: { language: '"><script>alert(1)</script>' }, content: [text("x")] }) },
  { name: "a code language with an attribute", value: doc({ type: "codeBlock", attrs: { language: "js onmouseover=alert(1)" }, content: [text("x")] }) },
  { name: "a list start breaking out", value: doc({ type: "orderedList", attrs: { start: '1" onclick="alert(1)' }, content: [{ type: "listItem", content: [para(text("x"))] }] }) },
  { name: "a list type breaking out", value: doc({ type: "orderedList", attrs: { type: 'a" onclick="alert(1)' }, content: [{ type: "listItem", content: [para(text("x"))] }] }) },
  { name: "onclick on a link", value: doc(para(text("x", [{ type: "link", attrs: { href: "https://example.com", onclick: "alert(1)" } }]))) },
  { name: "a link target breaking out", value: doc(para(text("x", [{ type: "link", attrs: { href: "https://example.com", target: '_blank" onclick="alert(1)' } }]))) },
  { name: "a link class breaking out", value: doc(para(text("x", [{ type: "link", attrs: { href: "https://example.com", class: 'x" onclick="alert(1)' } }]))) },
  { name: "a link rel breaking out", value: doc(para(text("x", [{ type: "link", attrs: { href: "https://example.com", rel: 'x" onclick="alert(1)' } }]))) },
  { name: "a style on a link", value: doc(para(text("x", [{ type: "link", attrs: { href: "https://example.com", style: "background:url(javascript:alert(1))" } }]))) },
  { name: "onerror on a picture", value: doc({ type: "image", attrs: { src: GOOD_IMAGE_SRC, alt: "x", onerror: "alert(1)" } }) },
  { name: "srcset on a picture", value: doc({ type: "image", attrs: { src: GOOD_IMAGE_SRC, alt: "x", srcset: "javascript:alert(1) 1x" } }) },
  { name: "a picture width with an attribute", value: doc({ type: "image", attrs: { src: GOOD_IMAGE_SRC, alt: "x", width: "1 onerror=alert(1)", height: 1 } }) },
  { name: "a cell span with an attribute", value: doc({ type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", attrs: { colspan: "2 onclick=alert(1)" }, content: [para(text("x"))] }] }] }) },
  { name: "a style on a cell", value: doc({ type: "table", content: [{ type: "tableRow", content: [{ type: "tableCell", attrs: { style: "background:url(javascript:alert(1))" }, content: [para(text("x"))] }] }] }) },
  { name: "attributes on text", value: doc(para({ type: "text", text: "x", attrs: { onclick: "alert(1)" } })) },
  { name: "raw html beside a node", value: doc({ type: "paragraph", html: "<script>alert(1)</script>", content: [text("x")] }) },
  { name: "a __proto__ key", value: doc(JSON.parse('{"type":"paragraph","__proto__":{"onclick":"alert(1)"},"content":[{"type":"text","text":"x"}]}')) },
  { name: "marks on a block", value: doc({ type: "paragraph", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }], content: [text("x")] }) },
  { name: "a mark type that is an object", value: doc(para(text("x", [{ type: { name: "link" }, attrs: { href: "javascript:alert(1)" } }]))) },
  { name: "a node type that is an array", value: doc({ type: ["paragraph"], content: [text("x")] }) },
  { name: "a link inside a link", value: doc(para(text("x", [OK_LINK, { type: "link", attrs: { href: "javascript:alert(1)" } }]))) },
];

const UNKNOWN_NODES = ["script", "style", "iframe", "object", "embed", "svg", "math", "html", "htmlBlock", "div", "span", "details", "form", "input", "button", "textarea", "video", "audio", "youtube", "mention", "taskList", "__proto__", "constructor", "toString", "hasOwnProperty", "prototype"];
const UNKNOWN_MARKS = ["underline", "textStyle", "highlight", "subscript", "superscript", "script", "style", "constructor", "__proto__", "toString"];

/** Node and mark types outside the allow-list, as blocks, inline nodes and marks. */
export const unknownTypeCases: HostileCase<unknown>[] = [
  ...UNKNOWN_NODES.map((type) => ({ name: `block ${type}`, value: doc({ type, attrs: { src: "javascript:alert(1)", onload: "alert(1)" }, content: [para(text("<script>alert(1)</script>"))], text: "<img src=x onerror=alert(1)>" }) })),
  ...UNKNOWN_NODES.map((type) => ({ name: `inline ${type}`, value: doc(para(text("a"), { type, attrs: { href: "javascript:alert(1)" }, text: "<svg onload=alert(1)>" })) })),
  ...UNKNOWN_MARKS.map((type) => ({ name: `mark ${type}`, value: doc(para(text("x", [{ type, attrs: { style: "x:expression(alert(1))", onclick: "alert(1)" } }]))) })),
];

export const textCases: HostileCase<unknown>[] = XSS_TEXT.map((c) => ({ name: `text: ${c.name}`, value: textEverywhere(c.value) }));

const ATTRIBUTE_VALUES: Record<string, RegExp> = {
  rel: /^nofollow ugc noopener$/,
  width: /^\d+$/,
  height: /^\d+$/,
  colspan: /^\d+$/,
  rowspan: /^\d+$/,
  start: /^\d+$/,
  type: /^[1aAiI]$/,
  loading: /^lazy$/,
  decoding: /^async$/,
  scope: /^(col|row)$/,
  role: /^region$/,
  tabindex: /^0$/,
  class: /^(blog-table|language-[a-z0-9][a-z0-9+#._-]*)$/,
};

/**
 * What a reader may get: only allowed tags and attributes (readAllowedHtml), no script or style
 * element, no event handler, no address but an allowed link or our own picture, every other
 * attribute of its known form. Text may say anything (escaped); `hostileText` false also holds
 * the whole HTML free of "javascript:", "data:" and "vbscript:" (for cases that smuggled no text).
 */
export function expectSafeHtml(html: string, opts: { hostileText: boolean } = { hostileText: false }): HtmlElement[] {
  const elements = readAllowedHtml(html);
  expect(html).not.toMatch(/<\s*\/?\s*(script|style|svg|math|iframe|object|embed|template|noscript)\b/i);
  // An event handler among a tag's attributes (quoted values, which may hold any text, blanked).
  const tags = html.replace(/<[^>]*>/g, (tag) => tag.replace(/"[^"]*"/g, '""'));
  expect(tags).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  for (const { tag, attrs } of elements) {
    for (const [name, value] of Object.entries(attrs)) {
      if (name === "href") expect(classifyHref(value), `href ${value}`).not.toBeNull();
      else if (name === "src") expect(isBlogImageSrc(value), `src ${value}`).toBe(true);
      else if (ATTRIBUTE_VALUES[name]) expect(value, `${tag} ${name}`).toMatch(ATTRIBUTE_VALUES[name]!);
    }
  }
  if (!opts.hostileText) expect(html).not.toMatch(/(javascript|vbscript|data)(:|&colon;|&#0*58;|&#x0*3a;)/i);
  return elements;
}

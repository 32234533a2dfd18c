// A strict reader of the HTML a post body renders to: the whole string must be allowed tags with
// allowed, double-quoted attributes and text without a raw "<" or ">". Stricter than a browser's
// parser on purpose: anything the renderer did not write itself (an unescaped "<" in text, an
// unquoted attribute, a comment, a tag of another namespace) fails here before a browser could
// read it some other way. The e2e test checks the same page in a real browser.

/** Each allowed tag and its allowed attributes. */
export const ALLOWED_TAGS: Record<string, readonly string[]> = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  em: [],
  s: [],
  code: ["class"],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ["start", "type"],
  li: [],
  br: [],
  hr: [],
  a: ["href", "rel"],
  img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading", "decoding"],
  div: ["class", "role", "aria-label", "tabindex"],
  table: [],
  tbody: [],
  tr: [],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
};
const VOID = new Set(["br", "hr", "img"]);

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
}

/** The entity-decoded value of an attribute as a browser reads it (the few entities the renderer writes, and numeric ones). */
export function decodeAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const TOKEN = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z][a-z-]*="[^"<>]*")*)\s*(\/?)>|([^<>]+)/gy;
const ATTRIBUTE = /\s+([a-z][a-z-]*)="([^"<>]*)"/g;

/**
 * Every element of `html`, in order; throws (naming what and where) on anything that is not an
 * allowed tag, attribute or plain text, and on tags that do not nest.
 */
export function readAllowedHtml(html: string): HtmlElement[] {
  const elements: HtmlElement[] = [];
  const open: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(html);
    if (!m) throw new Error(`not allowed HTML at ${at}: ${JSON.stringify(html.slice(at, at + 60))}`);
    if (m[5] !== undefined) continue;
    const [, closing, tag, attrText, selfClosing] = m as unknown as [string, string, string, string, string];
    const allowed = ALLOWED_TAGS[tag];
    if (!allowed) throw new Error(`tag <${tag}> is not allowed`);
    if (closing) {
      if (attrText || selfClosing) throw new Error(`malformed closing tag </${tag}>`);
      if (open.pop() !== tag) throw new Error(`</${tag}> closes nothing open`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText.matchAll(ATTRIBUTE)) {
      const [, name, value] = a as unknown as [string, string, string];
      if (!allowed.includes(name)) throw new Error(`attribute ${name} on <${tag}> is not allowed`);
      if (name in attrs) throw new Error(`attribute ${name} twice on <${tag}>`);
      attrs[name] = decodeAttribute(value);
    }
    elements.push({ tag, attrs });
    if (!VOID.has(tag)) {
      if (selfClosing) throw new Error(`<${tag}/> is not a void element`);
      open.push(tag);
    }
  }
  if (open.length) throw new Error(`unclosed: ${open.join(", ")}`);
  return elements;
}

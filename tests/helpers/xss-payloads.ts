// Known XSS and mXSS payloads, as the pieces of a post body they can be smuggled in: text (which
// must come out as text), link addresses and picture sources (which must be refused), attributes
// and types (which must be refused). Collected from the OWASP XSS filter evasion cheat sheet,
// DOMPurify's test fixtures and the public mXSS write-ups (noscript, namespace confusion through
// SVG and MathML, form nesting, comments and CDATA), so the unit tests and the browser test try
// the same list.

import type { HostileCase } from "./hostile";

/** Text a writer may type: it is stored and shown as text, escaped, never as markup. */
export const XSS_TEXT: HostileCase<string>[] = [
  { name: "script tag", value: "<script>alert(1)</script>" },
  { name: "style tag", value: "<style>*{background:url(javascript:alert(1))}</style>" },
  { name: "img onerror", value: "<img src=x onerror=alert(1)>" },
  { name: "attribute break-out", value: `"><img src=x onerror=alert(1)>` },
  { name: "single-quote break-out", value: `'><svg onload=alert(1)>` },
  { name: "svg script", value: "<svg><script>alert(1)</script></svg>" },
  { name: "svg animate href", value: `<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>x</text></a></svg>` },
  { name: "MathML namespace confusion", value: "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>" },
  { name: "form nesting mXSS", value: "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>" },
  { name: "noscript mXSS", value: `<noscript><p title="</noscript><img src=x onerror=alert(1)>">` },
  { name: "svg style mXSS", value: `<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">` },
  { name: "comment", value: "<!--<img src=x onerror=alert(1)>-->" },
  { name: "CDATA", value: "<![CDATA[<script>alert(1)</script>]]>" },
  { name: "closing the paragraph", value: "</p><script>alert(1)</script><p>" },
  { name: "entity-encoded tag", value: "&lt;script&gt;alert(1)&lt;/script&gt;" },
  { name: "iframe srcdoc", value: `<iframe srcdoc="<script>alert(1)</script>"></iframe>` },
  { name: "template", value: "<template><img src=x onerror=alert(1)></template>" },
  { name: "details ontoggle", value: "<details open ontoggle=alert(1)>" },
  { name: "javascript url as text", value: "javascript:alert(document.cookie)" },
  { name: "null byte in tag", value: "<scr\u0000ipt>alert(1)</script>" },
  { name: "unicode escapes", value: "\u003cscript\u003ealert(1)\u003c/script\u003e" },
];

/** Link addresses that must be refused by the schema and never rendered as an href. */
export const XSS_HREFS: HostileCase<string>[] = [
  { name: "javascript:", value: "javascript:alert(1)" },
  { name: "mixed-case javascript:", value: "JaVaScRiPt:alert(1)" },
  { name: "javascript: with leading space", value: " javascript:alert(1)" },
  { name: "javascript: with a tab inside", value: "java\tscript:alert(1)" },
  { name: "javascript: with a newline inside", value: "java\nscript:alert(1)" },
  { name: "javascript: after a NUL", value: "\u0000javascript:alert(1)" },
  { name: "entity-encoded colon", value: "javascript&colon;alert(1)" },
  { name: "decimal entity-encoded scheme", value: "&#106;avascript:alert(1)" },
  { name: "hex entity-encoded scheme", value: "&#x6A;avascript:alert(1)" },
  { name: "percent-encoded scheme", value: "%6Aavascript:alert(1)" },
  { name: "javascript: comment trick", value: "javascript://%0Aalert(1)" },
  { name: "data: HTML", value: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" },
  { name: "data: SVG", value: "data:image/svg+xml,<svg onload=alert(1)>" },
  { name: "vbscript:", value: "vbscript:msgbox(1)" },
  { name: "mixed-case vbscript:", value: "VbScRiPt:msgbox(1)" },
  { name: "protocol-relative", value: "//evil.example/" },
  { name: "backslash protocol-relative", value: "/\\evil.example/" },
  { name: "two backslashes", value: "\\\\evil.example/" },
  { name: "https without slashes", value: "https:evil.example" },
  { name: "credentials that mislead", value: "https://bank.example@evil.example/" },
  { name: "file:", value: "file:///etc/passwd" },
  { name: "ftp:", value: "ftp://evil.example/" },
  { name: "blob:", value: "blob:https://evil.example/uuid" },
  { name: "relative without slash", value: "evil.example/x" },
  { name: "bidi override", value: "https://example.com/\u202Egnp.exe" },
  { name: "empty", value: "" },
  { name: "overlong", value: `https://example.com/${"a".repeat(2100)}` },
];

/** Picture sources that must be refused: anything but one of our stored post pictures. */
export const XSS_IMAGE_SOURCES: HostileCase<string>[] = [
  { name: "javascript:", value: "javascript:alert(1)" },
  { name: "data: SVG", value: "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" },
  { name: "data: PNG", value: "data:image/png;base64,iVBORw0KGgo=" },
  { name: "another site", value: "https://evil.example/media/blog-images/abcdefghijklmnop.webp" },
  { name: "protocol-relative", value: "//evil.example/media/blog-images/abcdefghijklmnop.webp" },
  { name: "path traversal", value: "/media/blog-images/../../../etc/passwd" },
  { name: "attribute break-out", value: `/media/blog-images/abcdefghijklmnop.webp" onerror="alert(1)` },
  { name: "another upload folder", value: "/media/company-logos/abcdefghijklmnop.webp" },
  { name: "not a stored name", value: "/media/blog-images/x.svg" },
  { name: "query string", value: "/media/blog-images/abcdefghijklmnop.webp?x=<script>" },
  { name: "x as in <img src=x>", value: "x" },
];

/** A picture source the schema accepts. */
export const GOOD_IMAGE_SRC = "/media/blog-images/abcdefghijklmnop.webp";

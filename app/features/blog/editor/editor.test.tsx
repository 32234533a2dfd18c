import path from "node:path";
import { build } from "esbuild";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlogDocument } from "../../../../common/blog/document";
import { createTranslate } from "../../../../common/i18n";
import en from "../../../../locales/en";
import tr from "../../../../locales/tr";
import { I18nProvider } from "../../../lib/i18n";
import { BlogContentField } from "./content-field";
import { TABLE_TOOLS, TOOLBAR_GROUPS, toolbarFocusTarget } from "./toolbar";

// What can be known of the editor without a browser: the field the server renders (what a writer
// without JavaScript gets), the toolbar's labels, shortcuts and keyboard movement, and that the
// editor is a chunk of its own that the field only asks for when it runs in a browser. Typing,
// the toolbar's commands, links, tables and pictures are for the browser test of the dashboard.

const translators = {
  tr: createTranslate("tr", tr),
  en: createTranslate("en", en),
};

function serverRender(props: Partial<React.ComponentProps<typeof BlogContentField>> = {}, locale: "tr" | "en" = "tr") {
  return renderToString(
    <I18nProvider value={{ locale, t: translators[locale] }}>
      <BlogContentField id="post-content" initialDocument={null} {...props} />
    </I18nProvider>,
  );
}

const richDoc: BlogDocument = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Başlık" }] },
    { type: "paragraph", content: [{ type: "text", text: "Bir <b>" }, { type: "hardBreak" }, { type: "text", text: "iki" }] },
  ],
};

describe("BlogContentField on the server (JavaScript off)", () => {
  it("is a labelled textarea with its hint, posting the text field", () => {
    const html = serverRender();
    expect(html).toContain('<label id="post-content-label" for="post-content" class="field-label">İçerik</label>');
    expect(html).toMatch(/<textarea id="post-content" name="contentText" rows="16" aria-describedby="post-content-hint" class="field-input"><\/textarea>/);
    expect(html).toContain("Paragrafları boş bir satırla ayırın.");
    expect(html).not.toContain("contenteditable");
    expect(html).not.toContain('name="content"');
  });

  it("holds the stored body as text, and warns that saving from it keeps only the text", () => {
    const html = serverRender({ initialDocument: richDoc }, "en");
    expect(html).toContain(">Başlık\n\nBir &lt;b&gt;\niki</textarea>");
    expect(html).toContain('aria-describedby="post-content-warning post-content-hint"');
    expect(html).toContain("only its text is kept");
  });

  it("ties a message to the textarea", () => {
    const html = serverRender({ error: { key: "blog.validation.content.required" } });
    expect(html).toContain('aria-invalid="true" aria-describedby="post-content-hint post-content-error"');
    expect(html).toContain('<ul id="post-content-error" class="field-error"><li>Yazının içeriği boş olamaz.</li></ul>');
  });
});

describe("the toolbar", () => {
  const items = TOOLBAR_GROUPS.flat();

  it("labels every button in both languages", () => {
    for (const { label } of [...items, ...TABLE_TOOLS]) {
      expect(translators.tr.has(label), label).toBe(true);
      expect(translators.en.has(label), label).toBe(true);
    }
    expect(new Set(items.map((i) => i.command)).size).toBe(items.length);
  });

  it("announces the shortcuts of the formatting buttons, for Control and Meta", () => {
    expect(items.find((i) => i.command === "bold")?.shortcut).toBe("Control+B Meta+B");
    expect(items.find((i) => i.command === "link")?.shortcut).toBe("Control+K Meta+K");
    expect(items.find((i) => i.command === "heading3")?.shortcut).toBe("Control+Alt+3 Meta+Alt+3");
    for (const item of items.filter((i) => i.toggle)) expect(item.shortcut, item.command).toMatch(/^Control\+\S+ Meta\+\S+$/);
  });

  it("moves the focus with the arrow keys, Home and End, wrapping round", () => {
    expect(toolbarFocusTarget(0, "ArrowRight", 5)).toBe(1);
    expect(toolbarFocusTarget(4, "ArrowRight", 5)).toBe(0);
    expect(toolbarFocusTarget(0, "ArrowLeft", 5)).toBe(4);
    expect(toolbarFocusTarget(2, "Home", 5)).toBe(0);
    expect(toolbarFocusTarget(2, "End", 5)).toBe(4);
    expect(toolbarFocusTarget(2, "Enter", 5)).toBeNull();
    expect(toolbarFocusTarget(2, "ArrowDown", 5)).toBeNull();
  });
});

describe("the editor's chunk", () => {
  it("is split from the field: the field's own code holds no editor", async () => {
    const out = await build({
      entryPoints: [path.join(import.meta.dirname, "content-field.tsx")],
      bundle: true,
      splitting: true,
      format: "esm",
      outdir: "out",
      write: false,
      jsx: "automatic",
      logLevel: "silent",
      external: ["react", "react-dom", "react/jsx-runtime", "i18next"],
    });
    const entry = out.outputFiles.find((f) => f.path.endsWith("content-field.js"))!;
    const chunks = out.outputFiles.filter((f) => f !== entry);
    expect(entry.text).not.toMatch(/prosemirror|@tiptap|tiptap/i);
    expect(entry.text).toMatch(/import\(\s*"\.\/rich-editor-[\w]+\.js"\s*\)/);
    expect(chunks.some((c) => /prosemirror|ProseMirror/.test(c.text))).toBe(true);
  }, 30_000);
});

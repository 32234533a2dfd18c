import { describe, expect, it, vi } from "vitest";
import { renderedPostBody } from "./rendered-body";

const app = { config: { SITE_URL: "https://genisbant.example" }, log: { warn: vi.fn() } } as unknown as Parameters<typeof renderedPostBody>[0];
const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

describe("renderedPostBody", () => {
  it("renders through the allow-list once per id and change time; a newer save renders again", () => {
    const first = renderedPostBody(app, { id: 1, updatedAt: "2026-11-27T10:00:00.000Z", content: doc("<b>ilk</b>") }, "tr");
    expect(first).toBe("<p>&lt;b&gt;ilk&lt;/b&gt;</p>");
    // The same id and time: the kept HTML, whatever the content says now.
    expect(renderedPostBody(app, { id: 1, updatedAt: "2026-11-27T10:00:00.000Z", content: doc("başka") }, "tr")).toBe(first);
    expect(renderedPostBody(app, { id: 1, updatedAt: "2026-11-27T11:00:00.000Z", content: doc("yeni") }, "tr")).toBe("<p>yeni</p>");
  });

  it("shows a body that fails its check as plain text, and says so in the log", () => {
    const html = renderedPostBody(app, { id: 2, updatedAt: "2026-11-27T10:00:00.000Z", content: { type: "doc", content: [{ type: "script", text: "alert(1)" }] } }, "en");
    expect(html).not.toContain("<script");
    expect(app.log.warn).toHaveBeenCalled();
  });
});

import { describe, expect, it } from "vitest";
import { companyLogoUrl, listPath, youtubeVideoId } from "./companies";

describe("youtubeVideoId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=10", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("%s → %s", (url, id) => expect(youtubeVideoId(url)).toBe(id));

  it.each([
    null,
    "",
    "not a url",
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    'https://www.youtube.com/watch?v=dQw4w9WgX"Q',
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ1",
  ])("refuses %s", (url) => expect(youtubeVideoId(url)).toBeNull());
});

describe("paths", () => {
  it("builds the four list paths", () => {
    expect(listPath()).toBe("/isletmeler");
    expect(listPath("veri-merkezi")).toBe("/isletmeler/veri-merkezi");
    expect(listPath(undefined, "izmir")).toBe("/isletmeler/sehir/izmir");
    expect(listPath("veri-merkezi", "izmir")).toBe("/isletmeler/veri-merkezi/izmir");
  });
  it("encodes a logo file name", () => expect(companyLogoUrl("a b/../c.webp")).toBe("/media/company-logos/a%20b%2F..%2Fc.webp"));
});

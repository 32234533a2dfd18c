import { describe, expect, it } from "vitest";
import { subscribeSchema, callMeSchema } from "../forms/leads";
import { speedtestResultSchema } from "../forms/speedtest";
import { contactSchema } from "../forms/contact";
import { dropInvisibleFormat, hasInvisibleFormat, nameField, textField } from "./fields";

// Invisible formatting characters: direction overrides, embeddings, isolates and marks,
// zero-width spaces and joiners, the word joiner, the byte-order mark, the soft hyphen.
const INVISIBLE = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"];

describe("invisible formatting characters", () => {
  it("are found and dropped, every one of them; visible text is left alone", () => {
    for (const c of INVISIBLE) {
      const text = `Ayşe${c}Yılmaz`;
      expect(hasInvisibleFormat(text), JSON.stringify(c)).toBe(true);
      expect(dropInvisibleFormat(text), JSON.stringify(c)).toBe("AyşeYılmaz");
    }
    for (const visible of ["Ayşe Yılmaz", "İĞÜŞÖÇ ığüşöç", "Ege Fiber A.Ş.", "東京 😀", "a\tb\nc"]) {
      expect(hasInvisibleFormat(visible), visible).toBe(false);
      expect(dropInvisibleFormat(visible)).toBe(visible);
    }
  });

  it("a name refuses them with its own message; a free text drops them before its bounds are checked", () => {
    const name = nameField("validation.fullName", { min: 3, max: 10 });
    const text = textField("validation.message", { min: 3, max: 10 });
    for (const c of INVISIBLE) {
      const refused = name.safeParse(`Ali${c}Can`);
      expect(refused.success, JSON.stringify(c)).toBe(false);
      expect(refused.error?.issues.map((i) => i.message)).toContain("validation.invisibleFormat");
      expect(text.parse(`Ali${c}Can`)).toBe("AliCan");
    }
    // The bound counts what is left: ten visible characters and twenty invisible ones pass.
    expect(text.parse(`${"a".repeat(10)}${"\u200b".repeat(20)}`)).toBe("a".repeat(10));
    // Only invisible characters is an empty text.
    expect(text.safeParse("\u200b\u200b\u200b").error?.issues[0]?.message).toBe("validation.message.required");
  });

  it("every schema the issue named: lead names, a contact's name, the speed test's provider label", () => {
    const lead = { firstName: "Ayşe", lastName: "Yılmaz", phone: "0532 111 22 33", consent: true };
    expect(subscribeSchema.safeParse(lead).success).toBe(true);
    const refusal = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(refusal(subscribeSchema.safeParse({ ...lead, firstName: "Ay\u202eşe" }))).toEqual(["firstName: validation.invisibleFormat"]);
    expect(refusal(subscribeSchema.safeParse({ ...lead, lastName: "Yıl\u200bmaz" }))).toEqual(["lastName: validation.invisibleFormat"]);
    expect(refusal(callMeSchema.safeParse({ fullName: "Ali\u2066 Can", phone: "0532 111 22 33" }))).toEqual(["fullName: validation.invisibleFormat"]);
    const contact = { fullName: "Ali Can", email: "ali@example.com", message: "Merhaba, bir sorum var." };
    expect(contactSchema.safeParse(contact).success).toBe(true);
    expect(refusal(contactSchema.safeParse({ ...contact, fullName: "Ali\ufeffCan" }))).toEqual(["fullName: validation.invisibleFormat"]);
    const figures = { receipt: "x".repeat(20), download: 10, upload: 5, ping: 20, pingMin: 19, jitter: 1, loadedDown: 30, loadedUp: 30 };
    expect(speedtestResultSchema.safeParse({ ...figures, provider: "Ege Net" }).success).toBe(true);
    const label = speedtestResultSchema.safeParse({ ...figures, provider: "Ege\u202e teN" });
    expect(label.success).toBe(false);
    expect(label.error?.issues[0]?.message).toBe("validation.invisibleFormat");
  });
});

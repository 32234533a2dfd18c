import { describe, expect, it } from "vitest";
import { noticeFromParam, withNotice } from "./notices";

describe("action notices in the query", () => {
  it("adds the notice to a path with or without a query", () => {
    expect(withNotice("/", "signedOut")).toBe("/?bildirim=cikis");
    expect(withNotice("/ara?q=x", "registered")).toBe("/ara?q=x&bildirim=kayit");
  });
  it("reads back only the known values", () => {
    expect(noticeFromParam("silme")).toBe("deletionRequested");
    expect(noticeFromParam("deletionRequested")).toBeNull();
    expect(noticeFromParam("toString")).toBeNull();
    expect(noticeFromParam(null)).toBeNull();
  });
});

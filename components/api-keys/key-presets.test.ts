import { describe, expect, it } from "vitest";
import { expiryFrom, presetPermissions } from "./key-presets";

const all = ["parsers.read", "parsers.write", "documents.read", "documents.write", "apiKeys.write", "members.manage"];

describe("key presets", () => {
  it("starts read-only and never grants key or member management unless everything is asked for", () => {
    expect(presetPermissions("read", all)).toEqual(["parsers.read", "documents.read"]);
    expect(presetPermissions("readWrite", all)).toEqual(["parsers.read", "parsers.write", "documents.read", "documents.write"]);
    expect(presetPermissions("everything", all)).toEqual(all);
  });
  it("turns a number of days into an expiry, and 0 into none", () => {
    expect(expiryFrom(0)).toBeUndefined();
    expect(expiryFrom(30, Date.UTC(2026, 0, 1))).toBe("2026-01-31T00:00:00.000Z");
  });
});

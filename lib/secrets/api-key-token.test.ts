import { describe, expect, it } from "vitest";
import { apiKeyRegion, generateApiKey, hashApiKey } from "./api-key-token";

describe("API key tokens", () => {
  it("mints keys in the documented form", () => {
    const { key, hash, prefix } = generateApiKey("eu");
    expect(key).toMatch(/^dx_eu_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(hashApiKey(key));
    expect(hash).not.toContain(key.slice(6));
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(key.length / 2);
  });

  it("reads the region of a key and rejects other shapes", () => {
    expect(apiKeyRegion(generateApiKey("us").key)).toBe("us");
    expect(apiKeyRegion("dx_eu_" + "a".repeat(40))).toBe("eu");
    expect(apiKeyRegion("dx_ap_" + "a".repeat(40))).toBeNull();
    expect(apiKeyRegion("dx_us_short")).toBeNull();
    expect(apiKeyRegion("Bearer x")).toBeNull();
  });
});

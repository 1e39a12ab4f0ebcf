import { describe, expect, it } from "vitest";
import { newNonce, pageContentSecurityPolicy } from "./security-headers";

const directives = (policy: string) => new Map(policy.split("; ").map((directive) => [directive.split(" ")[0]!, directive.split(" ").slice(1)]));

describe("the console's Content-Security-Policy", () => {
  it("lets only scripts with this response's nonce run, and nothing frame the console", () => {
    const policy = directives(pageContentSecurityPolicy({ nonce: "abc123", filesOrigin: null, https: false, development: false }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it("admits the separate files origin for images and fetches only, and upgrades requests over https", () => {
    const policy = directives(pageContentSecurityPolicy({ nonce: "n", filesOrigin: "https://files.quarry.example", https: true, development: false }));
    expect(policy.get("img-src")).toContain("https://files.quarry.example");
    expect(policy.get("connect-src")).toEqual(["'self'", "https://files.quarry.example"]);
    expect(policy.get("script-src")).not.toContain("https://files.quarry.example");
    expect(policy.has("upgrade-insecure-requests")).toBe(true);
  });

  it("uses a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

import { describe, expect, it } from "vitest";
import { clientAddress, normaliseAddress, PEER_ADDRESS_HEADER } from "./client-address";

const headers = (values: Record<string, string>) => new Headers(values);

describe("clientAddress", () => {
  it("ignores a client's X-Forwarded-For without declared proxies and takes the stamped socket address", () => {
    const request = headers({ "x-forwarded-for": "203.0.113.9", [PEER_ADDRESS_HEADER]: "s3cret ::ffff:127.0.0.1" });
    expect(clientAddress(request, { trustedProxies: 0, stampSecret: "s3cret" })).toBe("127.0.0.1");
  });

  it("ignores a stamp this process did not write", () => {
    const forged = headers({ [PEER_ADDRESS_HEADER]: "guess 198.51.100.1" });
    expect(clientAddress(forged, { trustedProxies: 0, stampSecret: "s3cret" })).toBeNull();
  });

  it("takes the address the outermost trusted proxy saw", () => {
    const request = headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2", [PEER_ADDRESS_HEADER]: "s3cret 10.0.0.3" });
    expect(clientAddress(request, { trustedProxies: 1, stampSecret: "s3cret" })).toBe("10.0.0.2");
    expect(clientAddress(request, { trustedProxies: 2, stampSecret: "s3cret" })).toBe("198.51.100.4");
    expect(clientAddress(request, { trustedProxies: 9, stampSecret: "s3cret" })).toBe("6.6.6.6");
  });

  it("falls back to the first X-Forwarded-For hop only when the server could not stamp the peer", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.7, 10.0.0.1" }), { trustedProxies: 0, stampSecret: "" })).toBe("198.51.100.7");
    expect(clientAddress(headers({}), { trustedProxies: 0, stampSecret: "" })).toBeNull();
  });

  it("refuses anything that is not an address literal", () => {
    for (const value of ["evil.example", "1.2.3.4; drop", "", "a".repeat(80), "unknown"]) expect(normaliseAddress(value)).toBeNull();
    expect(normaliseAddress("[2001:DB8::1]")).toBe("2001:db8::1");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { otherMethods } from "./other-methods";

const APP_ORIGIN = "https://app.example";

beforeAll(() => {
  // env() reads this once, on its first call.
  process.env.CORS_ORIGINS = APP_ORIGIN;
});

describe("otherMethods: what an /api/v1 route file answers for the methods it lacks", () => {
  const parsers = otherMethods(["GET", "POST"]);

  it("refuses a method with the spec's 405 body, Allow from the file's own methods, and CORS for an admitted origin", async () => {
    const response = parsers.PUT(new Request("http://localhost/api/v1/parsers", { method: "PUT", headers: { origin: APP_ORIGIN } }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(await response.json()).toMatchObject({ error: true, message: "PUT is not allowed on /api/v1/parsers; allowed: GET, HEAD, POST, OPTIONS" });
  });

  it("answers a preflight from an admitted origin and lists no CORS headers for a stranger", () => {
    const preflight = (origin: string) =>
      parsers.OPTIONS(new Request("http://localhost/api/v1/parsers", { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } }));
    const admitted = preflight(APP_ORIGIN);
    expect([admitted.status, admitted.headers.get("allow"), admitted.headers.get("access-control-allow-methods")]).toEqual([204, "GET, HEAD, POST, OPTIONS", "GET, HEAD, POST, OPTIONS"]);
    expect(admitted.headers.get("access-control-allow-headers")).toContain("Authorization");
    const stranger = preflight("https://evil.test");
    expect([stranger.status, stranger.headers.get("access-control-allow-origin"), stranger.headers.get("access-control-allow-methods")]).toEqual([204, null, null]);
  });

  it("leaves HEAD out of Allow for a file without GET, and opens the OpenAPI document's preflight to any origin", () => {
    const postOnly = otherMethods(["POST"]).HEAD(new Request("http://localhost/api/v1/parsers/x/duplicate", { method: "HEAD" }));
    expect([postOnly.status, postOnly.headers.get("allow")]).toEqual([405, "POST, OPTIONS"]);
    const openapi = otherMethods(["GET"]).OPTIONS(new Request("http://localhost/api/v1/openapi.json", { method: "OPTIONS", headers: { origin: "https://any.example" } }));
    expect(openapi.headers.get("access-control-allow-origin")).toBe("*");
  });
});

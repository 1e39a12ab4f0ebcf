import { describe, expect, it } from "vitest";
import { malformedPathResponse } from "./path-encoding";

describe("malformedPathResponse", () => {
  it.each(["/api/v1/parsers/%ff%fe", "/api/v1/parsers/%E0%A4%A", "/api/v1/parsers/%", "/api/v1/%zz/x", "/api/files/%ED%A0%80", "/parsers/%C0%AF"])(
    "answers %s with the spec's 400",
    async (path) => {
      const response = malformedPathResponse(path)!;
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: true, code: "VALIDATION", message: expect.stringContaining("Malformed path") });
    },
  );

  it.each(["/api/v1/parsers", "/api/v1/parsers/%00", "/api/v1/parsers/a%20b/%2e%2e%2f", "/parsers/%C3%A9t%C3%A9", "/"])("leaves %s to the routes", (path) => {
    expect(malformedPathResponse(path)).toBeNull();
  });
});

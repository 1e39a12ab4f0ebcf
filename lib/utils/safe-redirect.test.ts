import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const ORIGIN = "https://quarry.example";
const at = (value: unknown) => safeRedirectPath(value, { origins: [ORIGIN] });

/** Where a browser on our origin would go with this Location: the real test of an open redirect. */
function browserTarget(path: string): string {
  return new URL(path, `${ORIGIN}/sign-in`).origin;
}

describe("safeRedirectPath", () => {
  it("keeps same-site paths, as the parsed path + search + hash", () => {
    expect(at("/settings/api-keys?x=1")).toBe("/settings/api-keys?x=1");
    expect(at("/oauth/consent?uid=abc%2Fdef#top")).toBe("/oauth/consent?uid=abc%2Fdef#top");
    expect(at("/parsers?q=M%C3%BCller")).toBe("/parsers?q=M%C3%BCller");
    expect(at("/parsers?q=Müller")).toBe("/parsers?q=M%C3%BCller");
    expect(at("/a/../b")).toBe("/b");
  });

  it("accepts an absolute URL on one of the allowed origins and hands back only its path", () => {
    expect(at(`${ORIGIN}/review?x=1`)).toBe("/review?x=1");
    expect(safeRedirectPath("http://127.0.0.1:3000/x", { origins: [ORIGIN, "http://127.0.0.1:3000"] })).toBe("/x");
    expect(at("http://127.0.0.1:3000/x")).toBe("/");
  });

  const hostile = [
    // the reported attack: a tab that the browser drops, leaving `//evil.example/`
    "/\t/evil.example/",
    "/%09/evil.example/",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%0d%0a/evil.example",
    "/%0a/evil.example",
    "\t//evil.example",
    " //evil.example",
    // backslashes, which browsers read as slashes
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "%5C%5Cevil.example",
    // protocol-relative, raw and encoded (once and twice)
    "//evil.example",
    "///evil.example",
    "//evil.example/%2F..",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "%2F%2Fevil.example",
    "/%252F/evil.example",
    "/%25252F%25252Fevil.example",
    "/.//evil.example",
    "/./%2F/evil.example",
    // other schemes and other origins
    "https://evil.example",
    "https:evil.example",
    "https:/evil.example",
    "http://evil.example",
    `${ORIGIN}.evil.example/`,
    `${ORIGIN}@evil.example/`,
    "https://user:pass@quarry.example/x",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "javascript%3Aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    // IDN look-alikes and full-width characters
    "//еvil.example",
    "//quarry.example。evil.example",
    "https://ｑuarry.example/",
    "／／evil.example",
    // controls and malformed encodings
    "/\u0000/evil.example",
    "/%00",
    "/\u007f",
    "/\u0085/evil.example",
    "/%E0%A4%A",
    "/%ff%fe",
    // not a string, empty, absurdly long
    "",
    undefined,
    null,
    42,
    { toString: () => "/" },
    `/${"a".repeat(5000)}`,
  ];

  it.each(hostile.map((value) => [JSON.stringify(value) ?? String(value), value]))("refuses %s", (_label, value) => {
    const result = at(value);
    expect(result).toBe("/");
  });

  it("never hands back anything a browser would take off-site, whatever the input", () => {
    for (const value of hostile) {
      expect(browserTarget(at(value))).toBe(ORIGIN);
      expect(browserTarget(safeRedirectPath(value))).toBe(ORIGIN);
    }
  });

  it("uses the caller's fallback", () => {
    expect(safeRedirectPath("//evil.example", { fallback: "/review" })).toBe("/review");
  });

  it("without origins, still takes only paths", () => {
    expect(safeRedirectPath("/x?y=1")).toBe("/x?y=1");
    expect(safeRedirectPath("https://evil.example/x")).toBe("/");
  });
});

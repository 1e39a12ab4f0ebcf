import { describe, expect, it } from "vitest";
import { fileNameOf } from "./download";

describe("fileNameOf", () => {
  it("prefers the server's filename, encoded or plain", () => {
    expect(fileNameOf("https://x.test/download?id=1", new Headers({ "content-disposition": "attachment; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf" }))).toBe("Rechnung März.pdf");
    expect(fileNameOf("https://x.test/d", new Headers({ "content-disposition": 'attachment; filename="inv 42.pdf"' }))).toBe("inv 42.pdf");
  });
  it("falls back on the last path segment, then the host", () => {
    expect(fileNameOf("https://x.test/files/inv%2042.pdf", new Headers())).toBe("inv 42.pdf");
    expect(fileNameOf("https://x.test/", new Headers())).toBe("x.test");
  });
});

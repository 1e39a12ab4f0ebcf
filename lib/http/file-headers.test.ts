import { describe, expect, it } from "vitest";
import { contentDisposition, dispositionFor, userContentHeaders } from "./file-headers";

describe("headers of user content", () => {
  it("shows only passive types inline: PDF and raster images the viewer draws", () => {
    for (const type of ["application/pdf", "image/png", "image/jpeg", "image/webp", "image/tiff", "Application/PDF; charset=binary"]) expect(dispositionFor(type)).toBe("inline");
    for (const type of ["text/html", "image/svg+xml", "application/xml", "text/xml", "application/xhtml+xml", "text/plain", "text/csv", "message/rfc822", "application/octet-stream", "", "text/html;image/png"]) {
      expect(dispositionFor(type)).toBe("attachment");
    }
  });

  it("sandboxes every response and forbids sniffing, whatever the type", () => {
    for (const contentType of ["text/html", "application/pdf", "image/png"]) {
      const headers = userContentHeaders({ contentType, fileName: "f" });
      expect(headers["content-security-policy"]).toBe("sandbox; default-src 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
    }
    expect(userContentHeaders({ contentType: "image/png", fileName: "a.png", disposition: "attachment" })["content-disposition"]).toBe('attachment; filename="a.png"');
  });

  it("keeps a file name from breaking out of the header", () => {
    expect(contentDisposition("attachment", 'a"; filename=evil.html')).toBe(`attachment; filename="a__ filename=evil.html"; filename*=UTF-8''a%22%3B%20filename%3Devil.html`);
    expect(contentDisposition("inline", "Rechnung März.pdf")).toBe(`inline; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`);
    expect(contentDisposition("attachment", "x\r\nSet-Cookie: a=b")).not.toMatch(/[\r\n]/);
    expect(contentDisposition("attachment", "\u202Egpj.exe")).toBe(`attachment; filename="_gpj.exe"; filename*=UTF-8''%E2%80%AEgpj.exe`);
  });
});

import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { detectContentType } from "./detect-content-type";

const text = (value: string) => new TextEncoder().encode(value);

describe("detectContentType", () => {
  it("reads a PDF by its bytes, whatever it is called", async () => {
    const pdf = await (await PDFDocument.create()).save();
    expect(await detectContentType(pdf, { declared: "image/png", fileName: "photo.png" })).toBe("application/pdf");
  });

  it("reads images by their signatures", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
    expect(await detectContentType(png)).toBe("image/png");
    expect(await detectContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBe("image/jpeg");
  });

  it("tells the text formats apart by their shape", async () => {
    expect(await detectContentType(text("<!DOCTYPE html><html><body>Invoice</body></html>"))).toBe("text/html");
    expect(await detectContentType(text("From: ap@supplier.test\r\nTo: in@quarry.test\r\nSubject: Invoice\r\n\r\nHello"))).toBe("message/rfc822");
    expect(await detectContentType(text("sku,qty,price\nA1,2,3.50\nB2,1,9.99\n"))).toBe("text/csv");
    expect(await detectContentType(text("Invoice 42\nTotal 10.00 EUR"), { fileName: "note.pdf" })).toBe("text/plain");
  });

  it("recognises real mail: long trace headers first, and an 8-bit body", async () => {
    const trace = Array.from({ length: 60 }, (_, i) => `Received: from relay${i}.example.net by mx.example.net with ESMTPS id ${"x".repeat(40)}`).join("\r\n");
    const dkim = `DKIM-Signature: v=1; a=rsa-sha256; d=supplier.test;\r\n\tb=${"A".repeat(600)}`;
    const head = new TextEncoder().encode(`${trace}\r\n${dkim}\r\nFrom: ap@supplier.test\r\nSubject: Rechnung\r\n\r\n`);
    const latin1Body = new Uint8Array([0x47, 0x72, 0xfc, 0xdf, 0x65]); // "Grüße" in Latin-1: not UTF-8
    const mail = new Uint8Array([...head, ...latin1Body]);
    expect(await detectContentType(mail)).toBe("message/rfc822");
  });

  it("does not take a text that mentions headers for mail", async () => {
    expect(await detectContentType(text("Notes\nFrom: the meeting\nSubject: budget"))).toBe("text/plain");
  });

  it("refuses binary that is no known format, and empty files", async () => {
    expect(await detectContentType(new Uint8Array([0x00, 0x01, 0x02, 0xfe, 0xff, 0x00, 0x13]))).toBeNull();
    expect(await detectContentType(new Uint8Array())).toBeNull();
  });
});

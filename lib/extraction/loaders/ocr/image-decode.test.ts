import { deflateSync } from "node:zlib";
import { createCanvas } from "@napi-rs/canvas";
import * as UTIF from "utif2";
import { afterAll, describe, expect, it } from "vitest";
import { extractDocument } from "../../index";
import { prepareImagePages } from "./image-decode";
import { terminateOcr } from "./ocr";

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny PNG whose header claims 20,000 × 20,000 px (a decompression bomb if decoded). */
function hugePngHeader(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8;
  return new Uint8Array(
    Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.alloc(16))), chunk("IEND", Buffer.alloc(0))]),
  );
}

describe("image decoding", () => {
  afterAll(terminateOcr);

  it("refuses a 20k × 20k image before decoding it", async () => {
    await expect(prepareImagePages(hugePngHeader())).rejects.toThrow(/too large/);
    await expect(extractDocument({ bytes: hugePngHeader(), mimeType: "image/png", fields: [] })).rejects.toThrow(/too large/);
  });

  it("OCRs a TIFF page", async () => {
    const canvas = createCanvas(800, 300);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 800, 300);
    ctx.fillStyle = "#000";
    ctx.font = "40px sans-serif";
    ctx.fillText("Invoice number: 55123", 40, 120);
    const rgba = new Uint8Array(ctx.getImageData(0, 0, 800, 300).data);
    const tiff = new Uint8Array(UTIF.encodeImage(rgba, 800, 300));
    const result = await extractDocument({ bytes: tiff, mimeType: "image/tiff", fields: [{ name: "invoice_number", type: "text" }] });
    expect(result.stats.ocrPages).toBe(1);
    expect(result.data.invoice_number).toBe("55123");
  }, 60_000);
});

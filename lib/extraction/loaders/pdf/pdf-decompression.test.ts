import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { bufferedDecompressionStream } from "./pdf-decompression";

const Buffered = bufferedDecompressionStream(DecompressionStream);

/** Reads a decompression stream the way pdfjs does: one write, then the readable to its end. */
async function inflate(Stream: typeof DecompressionStream, format: CompressionFormat, data: Uint8Array): Promise<Buffer> {
  const bytes = new Uint8Array(data);
  const { readable, writable } = new Stream(format);
  const writer = writable.getWriter();
  await writer.ready;
  writer
    .write(bytes)
    .then(() => writer.close())
    .catch(() => {});
  const chunks: Buffer[] = [];
  const reader = readable.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(Buffer.from(read.value));
  return Buffer.concat(chunks);
}

describe("bufferedDecompressionStream", () => {
  const text = Buffer.from("BT /F1 12 Tf 72 712 Td (Invoice 2024-001) Tj ET\n".repeat(500));
  const deflated = zlib.deflateSync(text);

  it("inflates deflate data to the same bytes as the native DecompressionStream", async () => {
    const ours = await inflate(Buffered, "deflate", deflated);
    expect(ours.equals(text)).toBe(true);
    expect(ours.equals(await inflate(DecompressionStream, "deflate", deflated))).toBe(true);
  });

  it("fails on truncated data like the native one, so pdfjs falls back on its own decoder", async () => {
    const truncated = deflated.subarray(0, deflated.length - 8);
    await expect(inflate(Buffered, "deflate", truncated)).rejects.toThrow();
    await expect(inflate(DecompressionStream, "deflate", truncated)).rejects.toThrow();
  });

  it("hands other formats to the native class", async () => {
    expect(new Buffered("gzip")).toBeInstanceOf(DecompressionStream);
    expect((await inflate(Buffered, "gzip", zlib.gzipSync(text))).equals(text)).toBe(true);
  });
});

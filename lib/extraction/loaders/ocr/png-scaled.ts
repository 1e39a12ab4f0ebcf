import { createInflate } from "node:zlib";

/**
 * Decodes a large PNG straight into its OCR-scaled size, row by row, so the full-size bitmap never exists: an
 * 11.5-megapixel page is 46 MB decoded and 16 MB at 2,400 px. Each output pixel is the bilinear sample of the source
 * at its centre (what drawing the decoded image scaled on the canvas does), which needs only two source rows at a
 * time. Covers the common case (8 bits a sample, not interlaced, grey/RGB with or without alpha); anything else
 * returns null and is decoded whole as before.
 */

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** Channels a pixel by PNG colour type: grey, RGB, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export type PngHeader = { width: number; height: number; channels: number; idat: Buffer[] };

/** The header and compressed image data of a PNG this decoder handles, or null. */
export function scalablePng(bytes: Uint8Array): PngHeader | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 33 || SIGNATURE.some((b, i) => buf[i] !== b)) return null;
  let header: Omit<PngHeader, "idat"> | null = null;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      const [depth, colour, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      const channels = CHANNELS[colour ?? -1];
      if (depth !== 8 || interlace !== 0 || !channels) return null;
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), channels };
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  return header && idat.length > 0 ? { ...header, idat } : null;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes a row's PNG filter in place (`previous` is the unfiltered row above, zeros for the first). */
function unfilter(filter: number, row: Uint8Array, previous: Uint8Array, bpp: number): void {
  const n = row.length;
  if (filter === 1) for (let i = bpp; i < n; i += 1) row[i] = (row[i]! + row[i - bpp]!) & 255;
  else if (filter === 2) for (let i = 0; i < n; i += 1) row[i] = (row[i]! + previous[i]!) & 255;
  else if (filter === 3) for (let i = 0; i < n; i += 1) row[i] = (row[i]! + (((i >= bpp ? row[i - bpp]! : 0) + previous[i]!) >> 1)) & 255;
  else if (filter === 4) for (let i = 0; i < n; i += 1) row[i] = (row[i]! + paeth(i >= bpp ? row[i - bpp]! : 0, previous[i]!, i >= bpp ? previous[i - bpp]! : 0)) & 255;
  else if (filter !== 0) throw new Error("The image could not be decoded");
}

/** A source sample as RGB over white (alpha composited, as the canvas path draws on a white page). */
function sampleRgb(row: Uint8Array, p: number, channels: number, out: Float32Array, at: number): void {
  const grey = channels <= 2;
  const alpha = channels === 2 || channels === 4 ? row[p + channels - 1]! / 255 : 1;
  for (let c = 0; c < 3; c += 1) out[at + c] = row[p + (grey ? 0 : c)]! * alpha + 255 * (1 - alpha);
}

/**
 * A source row resampled across to the output width (RGB floats): done once per source row, straight from its
 * bytes, so each output row is only a blend of two such rows.
 */
function resampleRow(row: Uint8Array, channels: number, sourceWidth: number, columns: { first: Int32Array; weight: Float32Array }, out: Float32Array, pair: Float32Array): void {
  if (channels === 1 || channels === 3) {
    // Opaque pixels (the usual scan): straight from the bytes, no compositing.
    const step = channels === 3 ? 1 : 0;
    for (let x = 0; x < columns.first.length; x += 1) {
      const p0 = columns.first[x]! * channels;
      const p1 = Math.min(columns.first[x]! + 1, sourceWidth - 1) * channels;
      const w = columns.weight[x]!;
      for (let c = 0; c < 3; c += 1) out[x * 3 + c] = row[p0 + c * step]! + (row[p1 + c * step]! - row[p0 + c * step]!) * w;
    }
    return;
  }
  for (let x = 0; x < columns.first.length; x += 1) {
    const x0 = columns.first[x]!;
    const x1 = Math.min(x0 + 1, sourceWidth - 1);
    sampleRgb(row, x0 * channels, channels, pair, 0);
    sampleRgb(row, x1 * channels, channels, pair, 3);
    const w = columns.weight[x]!;
    for (let c = 0; c < 3; c += 1) out[x * 3 + c] = pair[c]! + (pair[3 + c]! - pair[c]!) * w;
  }
}

/** For each output coordinate, the two source samples and the weight of the second (bilinear, centres aligned). */
function samples(outSize: number, inSize: number): { first: Int32Array; weight: Float32Array } {
  const first = new Int32Array(outSize);
  const weight = new Float32Array(outSize);
  const ratio = inSize / outSize;
  for (let i = 0; i < outSize; i += 1) {
    const s = Math.min(Math.max((i + 0.5) * ratio - 0.5, 0), inSize - 1);
    first[i] = Math.min(Math.floor(s), inSize - 2 < 0 ? 0 : inSize - 2);
    weight[i] = s - first[i]!;
  }
  return { first, weight };
}

/** Decodes `png` scaled to `width` × `height` RGBA (opaque), reading the source two rows at a time. */
export async function decodePngScaled(png: PngHeader, width: number, height: number): Promise<Uint8ClampedArray> {
  const { channels } = png;
  const stride = png.width * channels;
  const columns = samples(width, png.width);
  const rows = samples(height, png.height);
  const out = new Uint8ClampedArray(width * height * 4);
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  // The last two source rows resampled across (index = source row parity).
  const rgb = [new Float32Array(width * 3), new Float32Array(width * 3)];
  const pair = new Float32Array(6);
  let pending: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  let sourceRow = 0;
  let nextOut = 0;
  const emit = () => {
    // Output rows whose second sample row is now decoded (the last source row stands in for a missing one).
    while (nextOut < height && Math.min(rows.first[nextOut]! + 1, png.height - 1) < sourceRow) {
      const y0 = rows.first[nextOut]!;
      const y1 = Math.min(y0 + 1, png.height - 1);
      const wy = rows.weight[nextOut]!;
      const top = rgb[y0 & 1]!;
      const bottom = rgb[y1 & 1]!;
      for (let x = 0; x < width; x += 1) {
        const target = (nextOut * width + x) * 4;
        // A clamped array rounds to the nearest value on assignment.
        for (let c = 0; c < 3; c += 1) out[target + c] = top[x * 3 + c]! + (bottom[x * 3 + c]! - top[x * 3 + c]!) * wy;
        out[target + 3] = 255;
      }
      nextOut += 1;
    }
  };
  const take = (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let at = 0;
    while (sourceRow < png.height && pending.length - at >= stride + 1) {
      current.set(pending.subarray(at + 1, at + 1 + stride));
      unfilter(pending[at]!, current, previous, channels);
      resampleRow(current, channels, png.width, columns, rgb[sourceRow & 1]!, pair);
      [previous, current] = [current, previous];
      sourceRow += 1;
      at += stride + 1;
      emit();
    }
    pending = pending.subarray(at);
  };
  await new Promise<void>((resolve, reject) => {
    const inflate = createInflate();
    inflate.on("data", take);
    inflate.on("end", resolve);
    inflate.on("error", () => reject(new Error("The image could not be decoded")));
    for (const part of png.idat) inflate.write(part);
    inflate.end();
  });
  if (sourceRow < png.height) throw new Error("The image could not be decoded");
  return out;
}

/**
 * Turns a synthetic PDF into an image that has to go through OCR: the page rendered the way the engine renders PDF
 * pages (pdfjs + @napi-rs/canvas, ~200 dpi), then scanned-looking: lower resolution, a slight rotation, blur, paper
 * tone, faded or streaky ink (thermal receipts), noise and JPEG compression. All of it drawn from the document's
 * random stream, so the same seed gives the same pixels.
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { openPdf } from "../../../lib/extraction/loaders/pdf/pdf-text-layer";
import { renderPdfPage } from "../../../lib/extraction/loaders/pdf/pdf-render";
import type { Rng } from "./rng";

export type Degradation = {
  /** Resolution factor against the 200 dpi render. */
  scale: number;
  /** Degrees, clockwise. */
  rotation: number;
  blur: number;
  /** Paper brightness, 0–255. */
  paper: number;
  /** How dark the ink prints, 0–1 (thermal receipts fade). */
  ink: number;
  /** Amplitude of the per-row fading of thermal paper, 0 for none. */
  streaks: number;
  /** Standard deviation of the pixel noise, in grey levels. */
  noise: number;
  format: "jpeg" | "png";
  quality: number;
};

export function sampleDegradation(rng: Rng, receipt: boolean): Degradation {
  const thermal = receipt && rng.chance(0.6);
  return {
    scale: rng.float(receipt ? 0.7 : 0.55, 1),
    rotation: rng.float(-1, 1) * (receipt ? 3 : 1.5),
    blur: rng.chance(0.6) ? rng.float(0.2, thermal ? 1.1 : 0.8) : 0,
    paper: thermal ? rng.int(214, 238) : rng.int(232, 255),
    ink: thermal ? rng.float(0.45, 0.8) : rng.float(0.8, 1),
    streaks: thermal ? rng.float(0.1, 0.35) : 0,
    noise: rng.float(0, thermal ? 16 : 10),
    format: rng.chance(0.75) ? "jpeg" : "png",
    quality: rng.int(45, 90),
  };
}

/** Box–Muller on the document's stream. */
function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Renders page 1 of `pdf` and degrades it; returns the encoded image. */
export async function degradedImage(pdf: Uint8Array, degradation: Degradation, rng: Rng): Promise<{ bytes: Uint8Array; extension: "jpg" | "png"; width: number; height: number }> {
  const doc = await openPdf(pdf);
  let rendered;
  try {
    rendered = await renderPdfPage(doc, 1);
  } finally {
    await doc.loadingTask.destroy();
  }
  const image = await loadImage(Buffer.from(rendered.png));
  const w = Math.round(rendered.width * degradation.scale);
  const h = Math.round(rendered.height * degradation.scale);
  // Room for the rotated page, as a scanner bed shows around the sheet.
  const angle = (degradation.rotation * Math.PI) / 180;
  const cw = Math.ceil(Math.abs(w * Math.cos(angle)) + Math.abs(h * Math.sin(angle))) + 16;
  const ch = Math.ceil(Math.abs(w * Math.sin(angle)) + Math.abs(h * Math.cos(angle))) + 16;
  const canvas = createCanvas(cw, ch);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, cw, ch);
  ctx.translate(cw / 2, ch / 2);
  ctx.rotate(angle);
  if (degradation.blur > 0) ctx.filter = `blur(${degradation.blur.toFixed(2)}px)`;
  ctx.drawImage(image, -w / 2, -h / 2, w, h);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = "none";

  const pixels = ctx.getImageData(0, 0, cw, ch);
  const data = pixels.data;
  const rowFade = new Float32Array(ch);
  let fade = 0;
  for (let y = 0; y < ch; y += 1) {
    // A slow random walk: bands where the thermal head printed lighter.
    fade = Math.max(0, Math.min(1, fade + (rng.next() - 0.5) * 0.08));
    rowFade[y] = 1 - degradation.streaks * fade;
  }
  // Per-pixel noise from a table of gaussian draws indexed by a xorshift stream (both seeded from `rng`): a few
  // million Box–Muller draws per page would cost more than the rest of the degradation.
  const table = Float32Array.from({ length: 8192 }, () => gaussian(rng) * degradation.noise);
  let state = (rng.int(1, 0x7fffffff) | 1) >>> 0;
  for (let y = 0; y < ch; y += 1) {
    const inkStrength = degradation.ink * rowFade[y]!;
    for (let x = 0; x < cw; x += 1) {
      const i = (y * cw + x) * 4;
      const grey = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      const ink = 1 - grey / 255;
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const noise = table[(state >>> 0) & 8191]!;
      const value = Math.max(0, Math.min(255, degradation.paper * (1 - ink * inkStrength) + noise));
      data[i] = value;
      data[i + 1] = value;
      data[i + 2] = Math.max(0, value - (degradation.paper < 240 ? 6 : 0));
    }
  }
  ctx.putImageData(pixels, 0, 0);
  const bytes = degradation.format === "jpeg" ? await canvas.encode("jpeg", degradation.quality) : await canvas.encode("png");
  return { bytes: new Uint8Array(bytes), extension: degradation.format === "jpeg" ? "jpg" : "png", width: cw, height: ch };
}

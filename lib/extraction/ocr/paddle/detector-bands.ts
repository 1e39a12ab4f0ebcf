/**
 * The detector's map cut into horizontal bands. ONNX Runtime keeps the buffers of the largest map a session has run
 * for the thread's life, so a page whose map is larger than a band's pixel budget is detected band by band and the
 * bands' probabilities stitched back into one map: the buffers then never outgrow a band's.
 *
 * Each run reads as many rows as the budget allows, centred on the rows it keeps, so a band sees most of the page:
 * the map is not what one run over the whole page gives, because the detector's squeeze-and-excitation layers weigh
 * every feature by its mean over the whole input, and the more of the page a band sees the nearer its means come
 * (see docs/benchmarks.md, "OCR: where a receipt page's CPU and an OCR thread's memory go").
 */

/** Rows of the map one run reads (`from`–`to`) and the rows of its output that are kept (`keepFrom`–`keepTo`). */
export type DetectorBand = { from: number; to: number; keepFrom: number; keepTo: number };

/** The network's stride: every input side is a multiple of it. */
const STRIDE = 32;

const roundToStride = (rows: number) => Math.round(rows / STRIDE) * STRIDE;

/**
 * Bands of a `width` × `height` map (both multiples of 32) whose runs read at most `maxPixels` each and at least
 * `minContext` rows (a multiple of 32) beyond the rows they keep on each inner side. The kept rows tile the map
 * exactly, in order, as equal as the stride allows; every run reads the same number of rows (one shape, so the
 * runtime's buffers are reused). A map within the budget, or a budget too small for that context, is one band.
 */
export function detectorBands(width: number, height: number, maxPixels: number, minContext: number): DetectorBand[] {
  const whole = [{ from: 0, to: height, keepFrom: 0, keepTo: height }];
  if (width * height <= maxPixels) return whole;
  const readRows = Math.floor(maxPixels / width / STRIDE) * STRIDE;
  const strides = height / STRIDE;
  // Two bands need context on their inner side only; with more, the inner bands need it on both.
  const twoFit = Math.ceil(strides / 2) * STRIDE + minContext <= readRows;
  const innerKept = readRows - 2 * minContext;
  if (!twoFit && innerKept < STRIDE) return whole;
  const count = twoFit ? 2 : Math.ceil(height / innerKept);
  const bands: DetectorBand[] = [];
  for (let i = 0; i < count; i += 1) {
    const keepFrom = Math.round((i * strides) / count) * STRIDE;
    const keepTo = Math.round(((i + 1) * strides) / count) * STRIDE;
    const from = Math.min(Math.max(0, roundToStride((keepFrom + keepTo - readRows) / 2)), height - readRows);
    bands.push({ from, to: from + readRows, keepFrom, keepTo });
  }
  return bands;
}

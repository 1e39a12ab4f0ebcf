/**
 * Tuning aid (not a benchmark): reads each image of a dataset once with PP-OCR up to recognition, caches the line
 * crops (grey) and decoded characters, then rebuilds words → repairs → page → fields from the cache, so word
 * splitting, repairs, layout and field rules can be tried in seconds. Final figures come from bench:extract.
 *
 *   tsx --conditions=react-server scripts/bench/tuning/ocr-cache.ts <dataset dir> [--half a|b] [--verbose] [--only s]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractScalarFields } from "../../../lib/extraction/fields/extract-fields";
import { buildPage, pageLines, type RawWord } from "../../../lib/extraction/layout/build-page";
import { prepareImagePages } from "../../../lib/extraction/loaders/ocr/image-decode";
import { repairOcrWords } from "../../../lib/extraction/loaders/ocr/ocr-repair";
import { MIN_WORD_CONFIDENCE } from "../../../lib/extraction/loaders/ocr/ocr-reread";
import { upsideDownProbabilities, UPSIDE_DOWN_CONFIDENCE } from "../../../lib/extraction/ocr/paddle/classify";
import { decodeCtc, latinClasses, mostlyLatin, type DecodedChar } from "../../../lib/extraction/ocr/paddle/ctc";
import { cropRegion, type LineCrop } from "../../../lib/extraction/ocr/paddle/crop";
import { detectText, type TextRegion } from "../../../lib/extraction/ocr/paddle/detect";
import { DETECTOR_MAX_SIDE, levelWords, mostlyVertical, pageSkew } from "../../../lib/extraction/ocr/paddle/read-page";
import { greyLevels, normaliseInto, rasterFromPng, turnRaster, type Raster } from "../../../lib/extraction/ocr/paddle/raster";
import { wordsOfLines, type RecognisedLine } from "../../../lib/extraction/ocr/paddle/recognize";
import { foldModel } from "../../../lib/extraction/ocr/paddle/graph-folding";
import { MODEL_FILES, paddleSessions, readDictionary, RECOGNITION_OPTIONS, SESSION_OPTIONS, type PaddleSessions } from "../../../lib/extraction/ocr/paddle/sessions";
import type { Page } from "../../../lib/extraction/types";
import { inHalf } from "../contracts-scoring";
import { FIELDS, readGt, readManifest } from "../dataset";
import { equal } from "../score";

/** Per time step, the four likeliest classes as [class, prob] pairs (the CTC blank is class 0). */
type TopK = Array<Array<[number, number]>>;
type CachedLine = { region: TextRegion; width: number; height: number; flipped: boolean; grey: string; chars: DecodedChar[]; stepWidth: number; top?: TopK };
type CachedPage = { width: number; height: number; rotation: number; upsideDown: boolean; lines: CachedLine[] };

const CACHE = process.env.TUNE_CACHE ?? "/tmp/ocr-r/cache";

async function readRaster(sessions: PaddleSessions, raster: Raster, rotation: number): Promise<CachedPage> {
  const regions = await detectText(sessions, raster, DETECTOR_MAX_SIDE);
  if (rotation === 0 && mostlyVertical(regions)) return readRaster(sessions, turnRaster(raster, 90), 90);
  let crops: LineCrop[] = regions.map((region) => cropRegion(raster, region));
  const sample = [...crops].sort((a, b) => b.region.w - a.region.w).slice(0, 16);
  const probs = await upsideDownProbabilities(sessions, sample);
  let flipped = 0;
  let total = 0;
  sample.forEach((c, i) => {
    total += c.region.w;
    if (probs[i]! >= UPSIDE_DOWN_CONFIDENCE) flipped += c.region.w;
  });
  const upsideDown = total > 0 && flipped / total > 0.5;
  if (upsideDown) crops = crops.map((crop) => cropRegion(raster, crop.region, { flipped: true }));
  const read = await topClasses(sessions, crops);
  const tops = read.map((r) => r.top);
  const lines = read.map((r) => r.line);
  return {
    width: raster.width,
    height: raster.height,
    rotation,
    upsideDown,
    lines: lines.map((l, i) => ({ top: tops[i], region: l.crop.region, width: l.crop.width, height: l.crop.height, flipped: l.crop.flipped, grey: Buffer.from(greyLevels(l.crop.rgba)).toString("base64"), chars: l.chars, stepWidth: l.stepWidth })),
  };
}

async function topClasses(sessions: PaddleSessions, crops: LineCrop[]): Promise<Array<{ top: TopK; line: RecognisedLine }>> {
  const { ort, recognition, characters } = sessions;
  const latin = latinClasses(characters);
  // The mark classes and the space are kept at every step where they have any mass, so that the decoder's use of a
  // half-believed comma, stop or space can be tried on the cache.
  const kept = new Set([",", "，", ".", "．", " "].map((c) => characters.indexOf(c)).filter((i) => i > 0));
  const out: Array<{ top: TopK; line: RecognisedLine }> = [];
  for (const crop of crops) {
    const input = new Float32Array(3 * crop.width * crop.height);
    normaliseInto(crop.rgba, crop, input, { offset: 0, rowWidth: crop.width, planeSize: crop.width * crop.height }, { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] });
    const output = await recognition.run({ [recognition.inputNames[0]!]: new ort.Tensor("float32", input, [1, 3, crop.height, crop.width]) });
    const tensor = output[recognition.outputNames[0]!]!;
    const [, steps, classes] = tensor.dims as [number, number, number];
    const probs = tensor.data as Float32Array;
    const top: TopK = [];
    for (let t = 0; t < steps; t += 1) {
      const row: Array<[number, number]> = [];
      for (let c = 0; c < classes; c += 1) {
        const p = probs[t * classes + c]!;
        if (p > 0.01) row.push([c, Math.round(p * 1000) / 1000]);
      }
      const best = row.sort((a, b) => b[1] - a[1]).slice(0, 4);
      for (const c of kept) {
        const p = probs[t * classes + c]!;
        if (p > 0.002 && !best.some(([k]) => k === c)) best.push([c, Math.round(p * 1000) / 1000]);
      }
      top.push(best);
    }
    const layout = { offset: 0, steps, classes };
    let chars = decodeCtc(probs, layout, characters);
    if (mostlyLatin(chars)) chars = decodeCtc(probs, layout, characters, latin);
    out.push({ top, line: { crop, chars, stepWidth: crop.width / steps } });
  }
  return out;
}

let withProbabilities: Promise<PaddleSessions> | null = null;

/**
 * The product's sessions with the recogniser ending in its class probabilities: the shipped file ends in the decoding
 * summary (ctc-summary.ts), and this aid keeps each step's top classes. The same folded network otherwise.
 */
function probabilitySessions(): Promise<PaddleSessions> {
  withProbabilities ??= paddleSessions().then(async (sessions) => {
    const folded = foldModel(new Uint8Array(readFileSync(MODEL_FILES.recognitionFloat))).model;
    return { ...sessions, recognition: await sessions.ort.InferenceSession.create(folded, { ...SESSION_OPTIONS, ...RECOGNITION_OPTIONS }) };
  });
  return withProbabilities;
}

async function cached(file: string, id: string): Promise<CachedPage> {
  const target = path.join(CACHE, `${id.replace(/[/\\]/g, "_")}.json`);
  if (existsSync(target)) return JSON.parse(readFileSync(target, "utf8")) as CachedPage;
  const [image] = await prepareImagePages(new Uint8Array(readFileSync(file)));
  const page = await readRaster(await probabilitySessions(), rasterFromPng(await image!.png()), 0);
  writeFileSync(target, JSON.stringify(page));
  return page;
}

let dictionary: string[] | null = null;

/** The line decoded again by the engine's decoder from the cached top classes (the rest of each step's mass is 0). */
function redecode(top: TopK): DecodedChar[] {
  dictionary ??= readDictionary(readFileSync(MODEL_FILES.dictionary, "utf8"));
  const classes = dictionary.length;
  const probs = new Float32Array(top.length * classes);
  top.forEach((row, t) => row.forEach(([c, p]) => (probs[t * classes + c] = p)));
  const layout = { offset: 0, steps: top.length, classes };
  const chars = decodeCtc(probs, layout, dictionary);
  return mostlyLatin(chars) ? decodeCtc(probs, layout, dictionary, latinClasses(dictionary)) : chars;
}

function recognised(page: CachedPage): RecognisedLine[] {
  return page.lines.map((l) => {
    const grey = Buffer.from(l.grey, "base64");
    const rgba = new Uint8ClampedArray(grey.length * 4);
    for (let i = 0; i < grey.length; i += 1) {
      rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = grey[i]!;
      rgba[i * 4 + 3] = 255;
    }
    const chars = l.top ? redecode(l.top) : l.chars;
    return { crop: { region: l.region, width: l.width, height: l.height, flipped: l.flipped, rgba }, chars, stepWidth: l.stepWidth };
  });
}

export function pageOf(cachedPage: CachedPage): Page {
  let words: RawWord[] = levelWords(wordsOfLines(recognised(cachedPage)), pageSkew(cachedPage.lines.map((l) => l.region)), cachedPage);
  if (cachedPage.upsideDown) words = words.map((w) => ({ ...w, x: cachedPage.width - w.x - w.w, y: cachedPage.height - w.y - w.h }));
  const kept = words.filter((w) => w.confidence >= MIN_WORD_CONFIDENCE);
  return buildPage(1, cachedPage.width, cachedPage.height, "ocr", repairOcrWords(kept));
}

async function main(): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  const args = process.argv.slice(2);
  const dir = path.resolve(args.find((a, i) => !a.startsWith("--") && !["--half", "--only"].includes(args[i - 1] ?? "")) ?? "../shared/datasets/dev");
  const halfArg = args[args.indexOf("--half") + 1];
  const half = args.includes("--half") && (halfArg === "a" || halfArg === "b") ? halfArg : undefined;
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  const verbose = args.includes("--verbose");
  const showText = args.includes("--text");
  const manifest = readManifest(dir);
  const groups = manifest.documents.map((d) => d.split_group ?? d.id);
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  const entries = args.includes("--reverse") ? [...manifest.documents].reverse() : manifest.documents;
  for (const entry of entries) {
    if (!/\.(jpe?g|png)$/i.test(entry.document)) continue;
    if (only && !entry.id.includes(only)) continue;
    if (!inHalf(entry.split_group ?? entry.id, groups, half)) continue;
    const page = pageOf(await cached(path.join(dir, entry.document), `${path.basename(dir)}-${entry.id}`));
    const scalars = extractScalarFields({ pages: [page] }, FIELDS.filter((f) => f.type !== "table"));
    const gt = readGt(dir, entry);
    const misses: string[] = [];
    for (const [k, v] of Object.entries(gt.fields)) {
      const pred = scalars.get(k)?.value ?? null;
      const ok = equal(k, v, pred ?? undefined);
      const c = counts.get(k) ?? { tp: 0, fp: 0, fn: 0 };
      if (ok) c.tp += 1;
      else if (pred === null) c.fn += 1;
      else {
        c.fp += 1;
        c.fn += 1;
      }
      counts.set(k, c);
      if (!ok) misses.push(`  ${k}: gt ${JSON.stringify(v)} pred ${JSON.stringify(pred)}`);
    }
    if (verbose && misses.length > 0) console.log(`# ${entry.id}\n${misses.join("\n")}`);
    if (showText) console.log(pageLines(page).map((l) => `    | ${l.text}  [${[l.box.x, l.box.y, l.box.w, l.box.h].map((v) => v.toFixed(3)).join(" ")}]`).join("\n"));
  }
  const all = { tp: 0, fp: 0, fn: 0 };
  for (const [k, c] of [...counts.entries()].sort()) {
    all.tp += c.tp;
    all.fp += c.fp;
    all.fn += c.fn;
    console.log(`${k.padEnd(16)} tp ${c.tp} fp ${c.fp} fn ${c.fn} F1 ${((2 * c.tp) / (2 * c.tp + c.fp + c.fn)).toFixed(3)}`);
  }
  console.log(`overall F1 ${((2 * all.tp) / (2 * all.tp + all.fp + all.fn)).toFixed(3)} (tp ${all.tp}, fp ${all.fp}, fn ${all.fn})`);
}

void main().then(() => process.exit(0));

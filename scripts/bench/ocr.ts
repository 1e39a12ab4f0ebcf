/**
 * OCR benchmark: compares the engines' raw reading on the images of dataset folders (manifest.json + <doc>.gt.json,
 * see ../shared/datasets/README.md).
 *
 *   npm run bench:ocr -- [dataset dir …] [--only <substring,…>] [--engines tesseract,paddle] [--save <dir>] [--load <dir>]
 *     [--cached-only]
 *
 * Each image is read once by each engine (the way the extraction engine reads an image file: decoded, scaled,
 * oriented); `combined` is made from the two readings without reading again. Per engine it prints: ground-truth
 * values found verbatim in the page text (total, printed date, vendor name, vendor address; case and whitespace
 * folded), the character error rate of names and addresses against the best-matching stretch of the text, the
 * field F1 of the offline field extraction on that page model, CPU seconds per page, where each engine's CPU went
 * (the engine's stages, ms a page of the pages read, not loaded) and peak RSS. Figures are also
 * given per half of the documents, split by `split_group` (tune on one half, check on the other). `--save` keeps
 * the page models as JSON so `--load` can score changes in field extraction or combination without OCR
 * (`--cached-only`: score only the documents every engine has a saved reading of).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { extractScalarFields } from "../../lib/extraction/fields/extract-fields";
import { pageLines } from "../../lib/extraction/layout/build-page";
import { loadDocument } from "../../lib/extraction/loaders/load-document";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import { combineReadings } from "../../lib/extraction/loaders/ocr/ocr-combine";
import type { OcrEngine } from "../../lib/extraction/loaders/ocr/ocr-engines";
import { releasePaddleSessions } from "../../lib/extraction/ocr/paddle/sessions";
import { startStageRecording, stopStageRecording } from "../../lib/extraction/stage-timing";
import type { PageModel } from "../../lib/extraction/types";
import { FIELDS } from "./dataset";
import { equal, normText } from "./score";
import { savedReadingFile } from "./saved-readings";

type Gt = { fields: Record<string, string>; source_labels?: Record<string, string>; split_group?: string };
type Manifest = { documents: Array<{ id: string; document: string; ground_truth: string; split_group?: string }> };
type Counts = { tp: number; fp: number; fn: number };
type Tally = { docs: number; pages: number; cpuMs: number; found: number; values: number; cerErrors: number; cerChars: number; fields: Counts };

const IMAGE = /\.(png|jpe?g|tiff?|webp)$/i;
const MIME: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".tif": "image/tiff", ".tiff": "image/tiff", ".webp": "image/webp" };
const SCORED_FIELDS = FIELDS.filter((f) => f.type !== "table");
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const newTally = (): Tally => ({ docs: 0, pages: 0, cpuMs: 0, found: 0, values: 0, cerErrors: 0, cerChars: 0, fields: { tp: 0, fp: 0, fn: 0 } });

/** Fewest edits turning `needle` into some stretch of `hay` (Sellers' approximate substring matching). */
export function substringDistance(needle: string, hay: string): number {
  let previous = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hay.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return Math.min(...previous);
}

function pageText(model: PageModel): string {
  return model.pages.map((page) => pageLines(page).map((line) => line.text).join("\n")).join("\n");
}

/** The values a reader must see in the text: total, the date as printed (SROIE labels keep it), name, address. */
function verbatimValues(gt: Gt): Array<{ key: string; value: string }> {
  const out: Array<{ key: string; value: string }> = [];
  const take = (key: string, value: string | undefined) => value && out.push({ key, value });
  take("total_amount", gt.fields.total_amount);
  take("invoice_date", gt.source_labels?.date);
  take("vendor_name", gt.fields.vendor_name);
  take("vendor_address", gt.fields.vendor_address);
  return out;
}

function score(model: PageModel, gt: Gt, tally: Tally): void {
  const text = normText(pageText(model));
  const flat = text.replace(/\s+/g, "");
  for (const { key, value } of verbatimValues(gt)) {
    tally.values += 1;
    if (text.includes(normText(value))) tally.found += 1;
    if (key === "vendor_name" || key === "vendor_address") {
      // Spaces aside: CER measures the characters; word spacing shows in the verbatim count.
      const needle = normText(value).replace(/\s+/g, "");
      tally.cerErrors += substringDistance(needle, flat);
      tally.cerChars += needle.length;
    }
  }
  // As bench:extract scores: the fields the GT has, each right, missed, or wrong (a false positive and a miss).
  const extracted = extractScalarFields(model, SCORED_FIELDS);
  for (const [key, expected] of Object.entries(gt.fields)) {
    const predicted = extracted.get(key)?.value ?? null;
    if (equal(key, expected, predicted)) tally.fields.tp += 1;
    else if (predicted === null) tally.fields.fn += 1;
    else {
      tally.fields.fp += 1;
      tally.fields.fn += 1;
    }
  }
}

/** Stable half of a split group (a or b): groups never straddle halves. */
function halfOf(group: string): "a" | "b" {
  return createHash("sha256").update(group).digest()[0]! % 2 === 0 ? "a" : "b";
}

const f1 = (c: Counts) => (2 * c.tp === 0 ? 0 : (2 * c.tp) / (2 * c.tp + c.fp + c.fn));

function report(label: string, t: Tally): string {
  const cer = t.cerChars === 0 ? "–" : (t.cerErrors / t.cerChars).toFixed(3);
  return `${label.padEnd(24)} docs ${String(t.docs).padStart(3)}  verbatim ${t.found}/${t.values}  name+address CER ${cer}  fields F1 ${f1(t.fields).toFixed(3)} (${t.fields.tp}/${t.fields.fp}/${t.fields.fn})  ${t.pages ? (t.cpuMs / t.pages / 1000).toFixed(2) : "–"} CPU s/page`;
}

/** Per engine: each stage's own CPU ms (stage-timing.ts) summed over the pages read, and the pages. */
const stageTotals = new Map<string, { pages: number; selfMs: Map<string, number> }>();

async function readWith(engine: Exclude<OcrEngine, "combined">, bytes: Uint8Array, mime: string): Promise<{ model: PageModel; ms: number }> {
  process.env.OCR_ENGINE = engine;
  startStageRecording();
  const started = cpuMs();
  const model = await loadDocument(bytes, mime, { mode: "balanced" });
  const ms = cpuMs() - started;
  const totals = stageTotals.get(engine) ?? stageTotals.set(engine, { pages: 0, selfMs: new Map() }).get(engine)!;
  totals.pages += model.pages.length;
  for (const [stage, stageMs] of stopStageRecording().selfMs) totals.selfMs.set(stage, (totals.selfMs.get(stage) ?? 0) + stageMs);
  return { model, ms };
}

/** Where an engine's CPU went, in ms a page (stages that ran; the rest of loading is `load`). */
function stageReport(engine: string, totals: { pages: number; selfMs: Map<string, number> }): string {
  const stages = [...totals.selfMs].sort((a, b) => b[1] - a[1]).map(([stage, ms]) => `${stage} ${(ms / totals.pages).toFixed(0)}`);
  return `${engine} CPU ms a page read here: ${stages.join(", ")}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const only = option("--only");
  const save = option("--save");
  const load = option("--load");
  const engines = (option("--engines") ?? "tesseract,paddle").split(",") as Array<Exclude<OcrEngine, "combined">>;
  const valued = new Set([only, save, load, option("--engines")]);
  const dirs = args.filter((a, i) => !a.startsWith("--") && !(valued.has(a) && args[i - 1]?.startsWith("--")));
  if (dirs.length === 0) dirs.push("../shared/datasets/dev", "../shared/datasets/receipts-dev");
  const tallies = new Map<string, Tally>();
  const tally = (key: string) => tallies.get(key) ?? tallies.set(key, newTally()).get(key)!;
  if (save) mkdirSync(save, { recursive: true });
  for (const dir of dirs.map((d) => path.resolve(d))) {
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
    for (const entry of manifest.documents.filter((d) => IMAGE.test(d.document) && (!only || only.split(",").some((part) => d.id.includes(part))))) {
      const bytes = new Uint8Array(readFileSync(path.join(dir, entry.document)));
      const gt = JSON.parse(readFileSync(path.join(dir, entry.ground_truth), "utf8")) as Gt;
      const half = halfOf(gt.split_group ?? entry.split_group ?? entry.id);
      const readings = new Map<string, { model: PageModel; ms: number }>();
      const fileOf = (engine: string) => savedReadingFile(path.basename(dir), entry.id, engine);
      if (load && args.includes("--cached-only") && !engines.every((engine) => existsSync(path.join(load, fileOf(engine))))) continue;
      for (const engine of engines) {
        const file = fileOf(engine);
        const cached = load ? path.join(load, file) : null;
        const reading = cached && existsSync(cached) ? (JSON.parse(readFileSync(cached, "utf8")) as { model: PageModel; ms: number }) : await readWith(engine, bytes, MIME[path.extname(entry.document).toLowerCase()] ?? "image/png");
        if (save) writeFileSync(path.join(save, file), JSON.stringify(reading));
        readings.set(engine, reading);
      }
      const paddle = readings.get("paddle");
      const tesseract = readings.get("tesseract");
      if (paddle && tesseract) {
        const pages = paddle.model.pages.map((page, i) => (tesseract.model.pages[i] ? combineReadings(page, tesseract.model.pages[i]) : page));
        readings.set("combined", { model: { pages }, ms: paddle.ms + tesseract.ms });
      }
      for (const [engine, reading] of readings) {
        for (const key of [`${engine} ${path.basename(dir)}`, `${engine} ${path.basename(dir)} half ${half}`, `${engine} all`]) {
          const t = tally(key);
          t.docs += 1;
          t.pages += reading.model.pages.length;
          t.cpuMs += reading.ms;
          score(reading.model, gt, t);
        }
      }
      process.stderr.write(".");
    }
  }
  process.stderr.write("\n");
  for (const key of [...tallies.keys()].sort()) console.log(report(key, tallies.get(key)!));
  for (const [engine, totals] of stageTotals) console.log(stageReport(engine, totals));
  console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  await terminateOcr();
  await releasePaddleSessions();
}

void main();

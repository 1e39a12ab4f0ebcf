/**
 * Tuning aid (not a benchmark): scores the offline field rules on the page models `npm run bench:ocr -- --save <dir>`
 * kept (the engine's real readings, one per image and engine), per split_group half as bench:extract splits them,
 * and sorts every miss by its cause: the ground-truth value is not in the page text at all (reading), it is there but
 * the rule took something else or nothing (choice). Field rules can be changed and re-scored in seconds; final
 * figures come from bench:extract.
 *
 *   tsx --conditions=react-server scripts/bench/tuning/fields-saved.ts <dataset dir> <saved dir> [--engine paddle|tesseract|combined]
 *     [--half a|b] [--verbose] [--text] [--only s]
 */
import path from "node:path";
import { extractScalarFields } from "../../../lib/extraction/fields/extract-fields";
import { pageLines } from "../../../lib/extraction/layout/build-page";
import { combineReadings } from "../../../lib/extraction/loaders/ocr/ocr-combine";
import type { PageModel } from "../../../lib/extraction/types";
import { inHalf } from "../contracts-scoring";
import { FIELDS, readGt, readManifest } from "../dataset";
import { loadSavedReading } from "../saved-readings";
import { equal, normText } from "../score";

type Counts = { tp: number; fp: number; fn: number; unread: number; choice: number };

function modelOf(savedDir: string, dataset: string, id: string, engine: string): PageModel | null {
  if (engine !== "combined") return loadSavedReading(savedDir, dataset, id, engine);
  const paddle = loadSavedReading(savedDir, dataset, id, "paddle");
  const tesseract = loadSavedReading(savedDir, dataset, id, "tesseract");
  if (!paddle || !tesseract) return null;
  return { pages: paddle.pages.map((page, i) => (tesseract.pages[i] ? combineReadings(page, tesseract.pages[i]) : page)) };
}

/** Whether the reader saw the value: its text (case and spacing folded) is in the page's text, lines joined by a space. */
function readVerbatim(model: PageModel, key: string, value: string): boolean {
  const text = normText(model.pages.map((page) => pageLines(page).map((line) => line.text).join(" ")).join(" "));
  const folded = normText(value);
  if (text.includes(folded)) return true;
  // Amounts are printed with their decimals ("25.15"), dates in any order: compare digits only for those.
  if (key === "total_amount") return new RegExp(`(?<![\\d.])${folded.replace(/\./g, "\\.")}(?!\\d)`).test(text);
  return false;
}

function main(): void {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const valued = new Set(["--engine", "--half", "--only"]);
  const [dirArg, savedArg] = args.filter((a, i) => !a.startsWith("--") && !valued.has(args[i - 1] ?? ""));
  const dir = path.resolve(dirArg ?? "../shared/datasets/receipts-dev");
  const savedDir = path.resolve(savedArg ?? "/tmp/bench-ocr");
  const engine = option("--engine") ?? "paddle";
  const halfArg = option("--half");
  const half = halfArg === "a" || halfArg === "b" ? halfArg : undefined;
  const only = option("--only");
  const manifest = readManifest(dir);
  const groups = manifest.documents.map((d) => d.split_group ?? d.id);
  const counts = new Map<string, Counts>();
  for (const entry of manifest.documents) {
    if (only && !entry.id.includes(only)) continue;
    if (!inHalf(entry.split_group ?? entry.id, groups, half)) continue;
    const model = modelOf(savedDir, path.basename(dir), entry.id, engine);
    if (!model) continue;
    const scalars = extractScalarFields(model, FIELDS.filter((f) => f.type !== "table"));
    const misses: string[] = [];
    for (const [key, value] of Object.entries(readGt(dir, entry).fields)) {
      const predicted = scalars.get(key)?.value ?? null;
      const c = counts.get(key) ?? counts.set(key, { tp: 0, fp: 0, fn: 0, unread: 0, choice: 0 }).get(key)!;
      if (equal(key, value, predicted ?? undefined)) {
        c.tp += 1;
        continue;
      }
      if (predicted === null) c.fn += 1;
      else {
        c.fp += 1;
        c.fn += 1;
      }
      const cause = readVerbatim(model, key, value) ? "choice" : "unread";
      c[cause] += 1;
      misses.push(`  ${key} [${cause}]: gt ${JSON.stringify(value)} pred ${JSON.stringify(predicted)}`);
    }
    if (args.includes("--verbose") && misses.length > 0) console.log(`# ${entry.id}\n${misses.join("\n")}`);
    if (args.includes("--text") && misses.length > 0) console.log(model.pages.flatMap((page) => pageLines(page).map((line) => `    | ${line.text}`)).join("\n"));
  }
  const all = { tp: 0, fp: 0, fn: 0 };
  for (const [key, c] of [...counts.entries()].sort()) {
    all.tp += c.tp;
    all.fp += c.fp;
    all.fn += c.fn;
    console.log(`${key.padEnd(16)} tp ${c.tp} fp ${c.fp} fn ${c.fn} F1 ${((2 * c.tp) / (2 * c.tp + c.fp + c.fn)).toFixed(3)}  misses: not in text ${c.unread}, in text ${c.choice}`);
  }
  console.log(`${engine} overall F1 ${((2 * all.tp) / (2 * all.tp + all.fp + all.fn)).toFixed(3)} (tp ${all.tp}, fp ${all.fp}, fn ${all.fn})`);
}

main();

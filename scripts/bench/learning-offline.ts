// Offline tuning harness for parser memory (not the benchmark: `npm run bench:learning` goes through the API).
// Extracts each document once (cached under $LEARNING_CACHE, default /tmp/quarry-learning-cache), then replays
// "teach the first document of each sender group, read the others" with the pure memory functions, in seconds.
//   npx tsx --conditions=react-server scripts/bench/learning-offline.ts [dataset dir…] [--verbose]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractDocument, serverExtractionSettings, type ExtractionResult, type FieldMetadata, type FieldValue } from "../../lib/extraction";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import { applyMemory, compactLayout, fingerprintKeys, fingerprintOf, fingerprintSimilarity, teachExample, type MemoryExample } from "../../lib/extraction/memory";
import { describe, FIELDS, gtAsData, MIME, scoreCells, scoreFields, zero, type Gt, type ManifestEntry } from "./learning-score";

const CACHE = process.env.LEARNING_CACHE ?? "/tmp/quarry-learning-cache";
type Cached = Pick<ExtractionResult, "pages" | "data" | "fieldMetadata">;

async function extractCached(dir: string, entry: ManifestEntry): Promise<Cached> {
  const file = path.join(CACHE, `${path.basename(dir)}__${entry.id.replace(/\W+/g, "_")}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Cached;
  const ext = path.extname(entry.document).toLowerCase();
  const result = await extractDocument({ ...serverExtractionSettings(), bytes: new Uint8Array(readFileSync(path.join(dir, entry.document))), mimeType: MIME[ext] ?? "application/octet-stream", fields: FIELDS, settings: { markdownParsing: false } });
  const cached = { pages: result.pages, data: result.data, fieldMetadata: result.fieldMetadata };
  writeFileSync(file, JSON.stringify(cached));
  return cached;
}

async function main() {
  mkdirSync(CACHE, { recursive: true });
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const dirs = args.filter((arg) => !arg.startsWith("--"));
  const sets = dirs.length > 0 ? dirs : ["../shared/datasets/dev", "../shared/datasets/receipts-dev"];
  const totals = { taught: zero(), untaught: zero(), cellsTaught: zero(), cellsUntaught: zero(), singleTaught: zero(), singleUntaught: zero() };
  for (const set of sets) {
    const dir = path.resolve(set);
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { documents: ManifestEntry[] };
    const groups = new Map<string, ManifestEntry[]>();
    for (const entry of manifest.documents) groups.set(entry.split_group, [...(groups.get(entry.split_group) ?? []), entry]);
    const memory: MemoryExample[] = [];
    // Teach the first document of every group of two or more.
    for (const [name, entries] of groups) {
      if (entries.length < 2) continue;
      const first = entries[0]!;
      const result = await extractCached(dir, first);
      const gt = JSON.parse(readFileSync(path.join(dir, first.ground_truth), "utf8")) as Gt;
      const layout = compactLayout(result.pages);
      const data = { ...result.data, ...gtAsData(gt) };
      const evidence = teachExample({ layout, fields: FIELDS, data, fieldMetadata: result.fieldMetadata as Record<string, FieldMetadata> });
      const fingerprint = fingerprintOf(layout, typeof data.vendor_name === "string" ? data.vendor_name : null);
      memory.push({ id: name, documentId: first.id, taughtAt: new Date(memory.length * 1000).toISOString(), fingerprint, evidence });
    }
    const frequency = new Map<string, number>();
    for (const example of memory) for (const key of new Set(fingerprintKeys(example.fingerprint))) frequency.set(key, (frequency.get(key) ?? 0) + 1);
    for (const [name, entries] of groups) {
      const later = entries.length >= 2 ? entries.slice(1) : entries;
      for (const entry of later) {
        const result = await extractCached(dir, entry);
        const gt = JSON.parse(readFileSync(path.join(dir, entry.ground_truth), "utf8")) as Gt;
        const layout = compactLayout(result.pages);
        const fingerprint = fingerprintOf(layout, typeof result.data.vendor_name === "string" ? result.data.vendor_name : null);
        const keys = fingerprintKeys(fingerprint);
        const matches = memory
          .map((example) => ({ example, similarity: fingerprintSimilarity(keys, fingerprintKeys(example.fingerprint), (key) => frequency.get(key) ?? 1, memory.length) }))
          .filter((match) => match.similarity > 0)
          .sort((a, b) => b.similarity - a.similarity);
        const outcome = applyMemory({ layout, fields: FIELDS, data: result.data as Record<string, FieldValue>, fieldMetadata: result.fieldMetadata, matches });
        const taughtSet = entries.length >= 2;
        const missesTaught: string[] = [];
        const missesUntaught: string[] = [];
        scoreFields(gt, outcome.data, taughtSet ? totals.taught : totals.singleTaught, missesTaught);
        scoreFields(gt, result.data, taughtSet ? totals.untaught : totals.singleUntaught, missesUntaught);
        if (taughtSet && gt.tables?.line_items) {
          scoreCells(gt.tables.line_items, outcome.data.line_items, totals.cellsTaught, missesTaught);
          scoreCells(gt.tables.line_items, result.data.line_items, totals.cellsUntaught, missesUntaught);
        }
        const best = matches[0];
        const line = `${taughtSet ? "T" : "U"} ${entry.id} [${name}] best ${best ? `${best.example.id} ${best.similarity.toFixed(2)}` : "-"} applied ${outcome.applied.join(",")}`;
        if (verbose || (taughtSet && (missesTaught.length || missesUntaught.length)) || (!taughtSet && missesTaught.length > missesUntaught.length)) {
          console.log(line);
          for (const miss of missesTaught) console.log(`    ${miss}${missesUntaught.includes(miss) ? "" : "   <-- memory"}`);
          for (const miss of missesUntaught.filter((item) => !missesTaught.includes(item))) console.log(`    fixed: ${miss}`);
        }
      }
    }
  }
  console.log(`later documents, fields: taught ${describe(totals.taught)}  untaught ${describe(totals.untaught)}`);
  console.log(`later documents, cells:  taught ${describe(totals.cellsTaught)}  untaught ${describe(totals.cellsUntaught)}`);
  console.log(`senders never taught, fields: with memory ${describe(totals.singleTaught)}  without ${describe(totals.singleUntaught)}`);
}

void main().finally(() => terminateOcr());

// Offline tuning harness for parser memory (not the benchmark: `npm run bench:learning` goes through the API).
// Extracts each document once (cached under $LEARNING_CACHE, default /tmp/quarry-learning-cache), then replays
// "teach the first document of each sender group, read the others" with the pure memory functions, in seconds.
//   npx tsx --conditions=react-server scripts/bench/learning-offline.ts [dataset dir…] [--readings <dir>[,<dir>…]]
//     [--half A|B] [--verbose] [--failures] [--memory-model <file>]
// A dataset dir needs no manifest (the training corpus's folders: every file with a .gt.json beside it).
// `--readings`: page models cached by `scripts/train/read-corpus.ts` (OCR runs once per document; a document not in
// them is read and kept in the first). `--half`: only the sender groups of that split_group half (scripts/bench/
// dataset.ts splitHalf), so what is tuned on one half is reported on the other. `--failures`: every miss of a taught
// sender's later document, sorted into its cause (learning-failures.ts), with counts. `--memory-model`: a memory-aware
// scorer (scripts/train/train-memory.ts) also decides the fields it scores on documents a taught example matched;
// memory's rules alone and two cautious ways of using it are printed beside it.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractDocument, serverExtractionSettings, type ExtractionResult, type FieldMetadata, type FieldValue } from "../../lib/extraction";
import { extractFromPageModel } from "../../lib/extraction/extract-document";
import { loadDocument } from "../../lib/extraction/loaders/load-document";
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import { sourcesInScannedFrame } from "../../lib/extraction/source-frame";
import type { PageModel } from "../../lib/extraction/types";
import { applyMemory, MATCH_THRESHOLD, compactLayout, fingerprintKeys, fingerprintOf, fingerprintSimilarity, teachExample, type MemoryExample } from "../../lib/extraction/memory";
import { decide, type ScorerDecision, type ScorerModel } from "../../lib/extraction/scorer";
import { MEMORY_SCORER_FEATURES } from "../train/memory-features";
import { memoryCandidates } from "../train/memory-examples";
import { readManifest, splitHalf } from "./dataset";
import { describeCauses, failureCause } from "./learning-failures";
import { describe, FIELDS, gtAsData, MIME, scoreCells, scoreFields, zero, type Counts, type Gt, type ManifestEntry } from "./learning-score";
import { equal } from "./score";

const CACHE = process.env.LEARNING_CACHE ?? "/tmp/quarry-learning-cache";
type Cached = Pick<ExtractionResult, "pages" | "data" | "fieldMetadata">;

/** The page model from the readings caches (same key as scripts/train/corpus.ts), read and kept when absent. */
async function pageModel(bytes: Uint8Array, file: string, readings: string[]): Promise<PageModel> {
  const key = createHash("sha256").update(bytes).digest("hex").slice(0, 24);
  for (const dir of readings) {
    const cached = path.join(dir, `${key}.json`);
    if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as PageModel;
  }
  const model = await loadDocument(bytes, MIME[path.extname(file).toLowerCase()] ?? "application/octet-stream", { mode: "balanced" }, path.basename(file));
  mkdirSync(readings[0]!, { recursive: true });
  writeFileSync(path.join(readings[0]!, `${key}.json`), JSON.stringify(model));
  return model;
}

async function extractCached(dir: string, entry: ManifestEntry, readings: string[]): Promise<Cached> {
  const file = path.join(CACHE, `${path.basename(dir)}__${entry.id.replace(/\W+/g, "_")}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Cached;
  const documentPath = path.join(dir, entry.document);
  const bytes = new Uint8Array(readFileSync(documentPath));
  let cached: Cached;
  if (readings.length > 0) {
    // The engine's reading without the e-invoice XML (benchmarks run with EINVOICE_XML=off).
    const model = await pageModel(bytes, documentPath, readings);
    const { data, fieldMetadata } = extractFromPageModel(model, FIELDS, { markdownParsing: false });
    cached = { pages: model, data, fieldMetadata: sourcesInScannedFrame(fieldMetadata, model) };
  } else {
    const result = await extractDocument({ ...serverExtractionSettings(), einvoiceXml: false, bytes, mimeType: MIME[path.extname(entry.document).toLowerCase()] ?? "application/octet-stream", fields: FIELDS, settings: { markdownParsing: false } });
    cached = { pages: result.pages, data: result.data, fieldMetadata: result.fieldMetadata };
  }
  writeFileSync(file, JSON.stringify(cached));
  return cached;
}

/** Values given at confidence ≥ 0.9 and how many of them are right (fields the truth has only). */
type Trusted = { n: number; right: number };
/** Every value memory set on a taught sender's later document, right or not, by how it was read and its field. */
const bySource = new Map<string, Trusted>();
function countSources(gt: Gt, data: Record<string, unknown>, metadata: Record<string, FieldMetadata>, applied: string[]): void {
  for (const key of applied) {
    const value = gt.fields[key];
    if (value === undefined) continue;
    const learned = (metadata[key] as { learned?: { match: string; engineValue?: unknown } } | undefined)?.learned;
    const name = `${key} by ${learned?.match ?? "?"}${learned?.engineValue === data[key] ? " (the engine's reading)" : ""}`;
    const counts = bySource.get(name) ?? { n: 0, right: 0 };
    counts.n += 1;
    if (equal(key, value, (data[key] ?? null) as FieldValue)) counts.right += 1;
    bySource.set(name, counts);
  }
}
const TRUSTED = 0.9;
function countTrusted(gt: Gt, data: Record<string, unknown>, metadata: Record<string, FieldMetadata>, into: Trusted, wrong?: string[]): void {
  for (const [key, value] of Object.entries(gt.fields)) {
    const predicted = data[key] as FieldValue | undefined;
    const entry = metadata[key] as { confidence?: number; learned?: { match: string } } | undefined;
    const confidence = entry?.confidence ?? 0;
    if (predicted === null || predicted === undefined || confidence < TRUSTED) continue;
    into.n += 1;
    if (equal(key, value, predicted)) into.right += 1;
    else wrong?.push(`${key} (${entry?.learned ? `memory ${entry.learned.match}` : "engine"}, ${confidence}): gt ${JSON.stringify(value)} got ${JSON.stringify(predicted)}`);
  }
}

/**
 * The memory-aware scorer's choices (`--memory-model`, trained by scripts/train/train-memory.ts) for the fields it
 * scores, on a document some taught example matched; none elsewhere.
 */
function memoryScorerDecisions(model: ScorerModel | null, pages: PageModel, match: { example: MemoryExample; similarity: number } | undefined): Map<string, NonNullable<ScorerDecision>> {
  const out = new Map<string, NonNullable<ScorerDecision>>();
  if (!model || !match || match.similarity < MATCH_THRESHOLD) return out;
  const { found } = memoryCandidates(pages, FIELDS.filter((f) => model.fields[f.name]), () => match);
  for (const [field, candidates] of found) {
    const decision = decide(model.fields[field]!, candidates, MEMORY_SCORER_FEATURES);
    if (decision) out.set(field, decision);
  }
  return out;
}

/** `data` with the decisions `keep` accepts in place of memory's rules; the fields whose value changed. */
function applyDecisions(data: Record<string, FieldValue>, decisions: Map<string, NonNullable<ScorerDecision>>, keep: (decision: NonNullable<ScorerDecision>, before: FieldValue | undefined) => boolean): string[] {
  const changed: string[] = [];
  for (const [field, decision] of decisions) {
    if (!keep(decision, data[field])) continue;
    if (!equal(field, String(decision.value), (data[field] ?? null) as FieldValue)) changed.push(field);
    data[field] = decision.value;
  }
  return changed;
}

/** The cautious policy: the scorer's choice only where it is sure, or where memory and the engine gave nothing. */
const CONFIDENT = 0.9;

const precision = (c: Counts) => (c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0).toFixed(3);
const trustedText = (t: Trusted) => `${t.n ? ((100 * t.right) / t.n).toFixed(1) : "-"} % of ${t.n}`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main() {
  mkdirSync(CACHE, { recursive: true });
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const showFailures = args.includes("--failures");
  const readings = (option(args, "--readings") ?? "").split(",").filter(Boolean);
  const half = option(args, "--half") as "A" | "B" | undefined;
  const memoryModelFile = option(args, "--memory-model");
  const memoryModel = memoryModelFile ? (JSON.parse(readFileSync(memoryModelFile, "utf8")) as ScorerModel) : null;
  let scorerChanged = 0;
  const optionValues = new Set([option(args, "--readings"), option(args, "--half"), memoryModelFile]);
  const dirs = args.filter((arg) => !arg.startsWith("--") && !optionValues.has(arg));
  const sets = dirs.length > 0 ? dirs : ["../shared/datasets/dev", "../shared/datasets/receipts-dev"];
  const totals = { taught: zero(), untaught: zero(), cellsTaught: zero(), cellsUntaught: zero(), singleTaught: zero(), singleUntaught: zero(), taughtRules: zero(), singleRules: zero(), taughtConfident: zero(), singleConfident: zero(), taughtFill: zero(), singleFill: zero() };
  const trusted = { taught: { n: 0, right: 0 }, untaught: { n: 0, right: 0 } };
  const causes = new Map<string, number>();
  const causesByField = new Map<string, number>();
  let laterDocuments = 0;
  let taughtGroups = 0;
  for (const set of sets) {
    const dir = path.resolve(set);
    const manifest = readManifest(dir);
    const groups = new Map<string, ManifestEntry[]>();
    for (const entry of manifest.documents as ManifestEntry[]) {
      if (half && splitHalf(entry.split_group) !== half) continue;
      groups.set(entry.split_group, [...(groups.get(entry.split_group) ?? []), entry]);
    }
    const memory: MemoryExample[] = [];
    // Teach the first document of every group of two or more.
    for (const [name, entries] of groups) {
      if (entries.length < 2) continue;
      const first = entries[0]!;
      const result = await extractCached(dir, first, readings);
      const gt = JSON.parse(readFileSync(path.join(dir, first.ground_truth), "utf8")) as Gt;
      const layout = compactLayout(result.pages);
      const data = { ...result.data, ...gtAsData(gt) };
      const evidence = teachExample({ layout, fields: FIELDS, data, fieldMetadata: result.fieldMetadata as Record<string, FieldMetadata> });
      const fingerprint = fingerprintOf(layout, typeof data.vendor_name === "string" ? data.vendor_name : null);
      memory.push({ id: name, documentId: first.id, taughtAt: new Date(memory.length * 1000).toISOString(), fingerprint, evidence });
    }
    taughtGroups += memory.length;
    const frequency = new Map<string, number>();
    for (const example of memory) for (const key of new Set(fingerprintKeys(example.fingerprint))) frequency.set(key, (frequency.get(key) ?? 0) + 1);
    for (const [name, entries] of groups) {
      const later = entries.length >= 2 ? entries.slice(1) : entries;
      for (const entry of later) {
        const result = await extractCached(dir, entry, readings);
        const gt = JSON.parse(readFileSync(path.join(dir, entry.ground_truth), "utf8")) as Gt;
        const layout = compactLayout(result.pages);
        const fingerprint = fingerprintOf(layout, typeof result.data.vendor_name === "string" ? result.data.vendor_name : null);
        const keys = fingerprintKeys(fingerprint);
        const matches = memory
          .map((example) => ({ example, similarity: fingerprintSimilarity(keys, fingerprintKeys(example.fingerprint), (key) => frequency.get(key) ?? 1, memory.length) }))
          .filter((match) => match.similarity > 0)
          .sort((a, b) => b.similarity - a.similarity);
        const outcome = applyMemory({ layout, fields: FIELDS, data: result.data as Record<string, FieldValue>, fieldMetadata: result.fieldMetadata, matches });
        const rulesData = { ...outcome.data };
        const decisions = memoryScorerDecisions(memoryModel, result.pages, matches[0]);
        const confidentData = { ...outcome.data };
        applyDecisions(confidentData, decisions, (decision, before) => decision.confidence >= CONFIDENT || before === null || before === undefined);
        const fillData = { ...outcome.data };
        applyDecisions(fillData, new Map([...decisions].filter(([field]) => !outcome.applied.includes(field))), () => true);
        const changedByScorer = applyDecisions(outcome.data, decisions, () => true);
        for (const [field, decision] of decisions) outcome.fieldMetadata[field] = { ...(outcome.fieldMetadata[field] ?? {}), confidence: decision.confidence } as FieldMetadata;
        scorerChanged += changedByScorer.length;
        if (showFailures) for (const field of changedByScorer) console.log(`  [memory scorer changed] ${entry.id} ${field}: gt ${JSON.stringify(gt.fields[field] ?? null)} now ${JSON.stringify(outcome.data[field])}`);
        const taughtSet = entries.length >= 2;
        const missesTaught: string[] = [];
        const missesUntaught: string[] = [];
        scoreFields(gt, outcome.data, taughtSet ? totals.taught : totals.singleTaught, missesTaught);
        if (memoryModel) scoreFields(gt, rulesData, taughtSet ? totals.taughtRules : totals.singleRules);
        if (memoryModel) scoreFields(gt, confidentData, taughtSet ? totals.taughtConfident : totals.singleConfident);
        if (memoryModel) scoreFields(gt, fillData, taughtSet ? totals.taughtFill : totals.singleFill);
        scoreFields(gt, result.data, taughtSet ? totals.untaught : totals.singleUntaught, missesUntaught);
        if (taughtSet) {
          laterDocuments += 1;
          countSources(gt, outcome.data, outcome.fieldMetadata, outcome.applied);
          const wrongTrusted: string[] = [];
          countTrusted(gt, outcome.data, outcome.fieldMetadata, trusted.taught, wrongTrusted);
          if (showFailures) for (const line of wrongTrusted) console.log(`  [wrong at >= ${TRUSTED}] ${entry.id} ${line}`);
          countTrusted(gt, result.data, result.fieldMetadata, trusted.untaught);
          for (const field of FIELDS) {
            const value = gt.fields[field.name];
            if (value === undefined || field.type === "table" || equal(field.name, value, (outcome.data[field.name] ?? null) as FieldValue)) continue;
            const cause = failureCause({ group: name, field, gtValue: value, layout, matches, applied: outcome.applied.includes(field.name), value: (outcome.data[field.name] ?? null) as FieldValue });
            causes.set(cause, (causes.get(cause) ?? 0) + 1);
            causesByField.set(`${field.name}: ${cause}`, (causesByField.get(`${field.name}: ${cause}`) ?? 0) + 1);
            if (showFailures) console.log(`  [${cause}] ${entry.id} ${field.name}: gt ${JSON.stringify(value)} got ${JSON.stringify(outcome.data[field.name] ?? null)}`);
          }
        }
        if (taughtSet && gt.tables?.line_items) {
          scoreCells(gt.tables.line_items, outcome.data.line_items, totals.cellsTaught, missesTaught);
          scoreCells(gt.tables.line_items, result.data.line_items, totals.cellsUntaught, missesUntaught);
        }
        const best = matches[0];
        const line = `${taughtSet ? "T" : "U"} ${entry.id} [${name}] best ${best ? `${best.example.id} ${best.similarity.toFixed(2)}` : "-"} applied ${outcome.applied.join(",")}`;
        if (verbose || (!showFailures && taughtSet && (missesTaught.length || missesUntaught.length)) || (!taughtSet && missesTaught.length > missesUntaught.length)) {
          console.log(line);
          for (const miss of missesTaught) console.log(`    ${miss}${missesUntaught.includes(miss) ? "" : "   <-- memory"}`);
          for (const miss of missesUntaught.filter((item) => !missesTaught.includes(item))) console.log(`    fixed: ${miss}`);
        }
      }
    }
  }
  console.log(`${taughtGroups} senders taught once, ${laterDocuments} later documents${half ? ` (split_group half ${half})` : ""}`);
  console.log(`later documents, fields: taught ${describe(totals.taught)} P ${precision(totals.taught)}  untaught ${describe(totals.untaught)} P ${precision(totals.untaught)}`);
  console.log(`later documents, values at confidence >= ${TRUSTED} right: taught ${trustedText(trusted.taught)}  untaught ${trustedText(trusted.untaught)}`);
  console.log(`later documents, cells:  taught ${describe(totals.cellsTaught)}  untaught ${describe(totals.cellsUntaught)}`);
  console.log(`senders never taught, fields: with memory ${describe(totals.singleTaught)}  without ${describe(totals.singleUntaught)}`);
  if (memoryModel) console.log(`memory's rules alone (no memory-aware scorer): taught ${describe(totals.taughtRules)} P ${precision(totals.taughtRules)}  never taught ${describe(totals.singleRules)}`);
  if (memoryModel) console.log(`memory-aware scorer only at >= ${CONFIDENT} or where nothing was read: taught ${describe(totals.taughtConfident)} P ${precision(totals.taughtConfident)}  never taught ${describe(totals.singleConfident)}`);
  if (memoryModel) console.log(`memory-aware scorer only where memory's rules set nothing: taught ${describe(totals.taughtFill)} P ${precision(totals.taughtFill)}  never taught ${describe(totals.singleFill)}`);
  if (memoryModel) console.log(`memory-aware scorer (${memoryModelFile}) changed ${scorerChanged} values of documents a taught example matched`);
  console.log("values memory set on them, right / set:");
  for (const [name, counts] of [...bySource.entries()].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${name}: ${counts.right} / ${counts.n}`);
  console.log("misses of taught senders' later documents, by cause:");
  for (const line of describeCauses(causes)) console.log(line);
  if (showFailures) {
    console.log("by field and cause:");
    for (const line of describeCauses(causesByField)) console.log(line);
  }
}

void main().finally(() => terminateOcr());

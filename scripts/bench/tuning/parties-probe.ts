/**
 * Party names on a corpus, one line a document: ground truth, the engine's value, its strategy and score.
 *   tsx scripts/bench/tuning/parties-probe.ts [--cache <dir>] [--cached-only] [--half A|B] [--wrong] <folder> …
 * Reads the page models cached by scripts/train (OCR once); a tuning aid, not a benchmark.
 */
import { extractScalarFields } from "../../../lib/extraction/fields/extract-fields";
import { equal } from "../score";
import { FIELDS, splitHalf } from "../dataset";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { listCorpus, readCached } from "../../train/corpus";

/** A dev set's sender groups are in its manifest, not beside each document. */
function manifestGroups(folder: string): Map<string, string> {
  const file = path.join(folder, "manifest.json");
  if (!existsSync(file)) return new Map();
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { documents: Array<{ document: string; split_group?: string }> };
  return new Map(manifest.documents.map((d) => [path.resolve(folder, d.document), d.split_group ?? d.document]));
}

const KEYS = ["customer_name", "vendor_name"] as const;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const cache = value("--cache") ?? "/work/train-readings";
  const half = value("--half");
  const wrongOnly = args.includes("--wrong");
  // A measure-only set (the other layouts) is read for its aggregate figures alone.
  const quiet = args.includes("--quiet");
  const folders = args.filter((a, i) => !a.startsWith("--") && !["--cache", "--half"].includes(args[i - 1] ?? ""));
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  let skipped = 0;
  for (const folder of folders) {
    const groups = manifestGroups(folder);
    for (const doc of listCorpus(folder)) {
      if (args.includes("--pdf") && !doc.file.endsWith(".pdf")) continue;
      if (half && splitHalf(doc.gt.split_group ?? groups.get(path.resolve(doc.file)) ?? doc.group) !== half) continue;
      // --cached-only: a document not read yet is left out (the cache may be another job's, still being written).
      const model = await readCached(doc, cache, args.includes("--cached-only"));
      if (!model) {
        skipped += 1;
        continue;
      }
      const out = extractScalarFields(model, FIELDS);
      // --all: every scalar field the benchmark asks for, summed into "all fields" (the names still listed alone).
      const keys = args.includes("--all") ? FIELDS.filter((f) => f.type !== "table").map((f) => f.name) : KEYS;
      for (const key of keys) {
        const gt = doc.gt.fields[key];
        const got = out.get(key);
        const pred = got?.value ?? null;
        if (gt === undefined) continue;
        const ok = equal(key, gt, pred ?? undefined);
        const c = counts.get(key) ?? { tp: 0, fp: 0, fn: 0 };
        if (ok) c.tp += 1;
        else if (pred === null || pred === "") c.fn += 1;
        else {
          c.fp += 1;
          c.fn += 1;
        }
        counts.set(key, c);
        if (args.includes("--all")) {
          const all = counts.get("all fields") ?? { tp: 0, fp: 0, fn: 0 };
          if (ok) all.tp += 1;
          else if (pred === null || pred === "") all.fn += 1;
          else {
            all.fp += 1;
            all.fn += 1;
          }
          counts.set("all fields", all);
        }
        if (quiet || (wrongOnly && ok)) continue;
        const ev = got?.meta.evidence;
        console.log(`${ok ? "ok " : pred === null ? "-- " : "XX "}${key.padEnd(14)} ${doc.file.split("/").slice(-2).join("/")} gt=${JSON.stringify(gt)} pred=${JSON.stringify(pred)} ${ev?.strategy ?? ""} ${got?.meta.confidence ?? ""} raw=${JSON.stringify(got?.meta.raw ?? "")}`);
      }
    }
  }
  if (skipped > 0) console.log(`${skipped} documents not read yet, left out`);
  for (const [key, c] of counts) {
    const p = c.tp / Math.max(1, c.tp + c.fp);
    const r = c.tp / Math.max(1, c.tp + c.fn);
    console.log(`${key}: tp ${c.tp} fp ${c.fp} fn ${c.fn} P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${((2 * p * r) / Math.max(1e-9, p + r)).toFixed(3)}`);
  }
}

void main();

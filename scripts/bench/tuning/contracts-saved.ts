/**
 * Tuning aid (not a benchmark): the contract fields (effective date, jurisdiction, term, parties) scored as
 * bench:extract scores contracts (contracts-scoring.ts), on page models read once and kept in a folder, so the
 * narrative rules can be changed and re-scored in seconds. Per split_group half; `--verbose` prints every miss and
 * every wrong value. Final figures come from bench:extract.
 *
 *   tsx --conditions=react-server scripts/bench/tuning/contracts-saved.ts <dataset dir> <models dir> [--half a|b] [--verbose] [--only s]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractFromPageModel } from "../../../lib/extraction/extract-document";
import { loadDocument } from "../../../lib/extraction/loaders/load-document";
import type { PageModel } from "../../../lib/extraction/types";
import { CONTRACT_FIELDS, contractValueEqual, inHalf, scoreParties } from "../contracts-scoring";
import { readGt, readManifest } from "../dataset";

type Counts = { tp: number; fp: number; fn: number };

async function modelOf(dir: string, document: string, modelsDir: string): Promise<PageModel> {
  const file = path.join(modelsDir, `${document.replace(/[^\w.-]+/g, "_")}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as PageModel;
  const model = await loadDocument(new Uint8Array(readFileSync(path.join(dir, document))), "application/pdf", { mode: "balanced" });
  writeFileSync(file, JSON.stringify(model));
  return model;
}

function prf(c: Counts): string {
  const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const r = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  const f = p + r ? (2 * p * r) / (p + r) : 0;
  return `P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${f.toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const valued = new Set(["--half", "--only"]);
  const [dirArg, modelsArg] = args.filter((a, i) => !a.startsWith("--") && !valued.has(args[i - 1] ?? ""));
  const dir = path.resolve(dirArg ?? "../shared/datasets/contracts-dev");
  const modelsDir = path.resolve(modelsArg ?? "/tmp/contract-models");
  mkdirSync(modelsDir, { recursive: true });
  const halfArg = option("--half");
  const half = halfArg === "a" || halfArg === "b" ? halfArg : undefined;
  const only = option("--only");
  const verbose = args.includes("--verbose");
  const manifest = readManifest(dir);
  const groups = manifest.documents.map((d) => d.split_group ?? d.id);
  const counts = new Map<string, Counts>();
  const add = (key: string, d: Partial<Counts>) => {
    const c = counts.get(key) ?? { tp: 0, fp: 0, fn: 0 };
    c.tp += d.tp ?? 0;
    c.fp += d.fp ?? 0;
    c.fn += d.fn ?? 0;
    counts.set(key, c);
  };
  for (const entry of manifest.documents) {
    if (only && !entry.id.includes(only)) continue;
    if (!inHalf(entry.split_group ?? entry.id, groups, half)) continue;
    const model = await modelOf(dir, entry.document, modelsDir);
    const gt = readGt(dir, entry);
    const { data } = extractFromPageModel(model, CONTRACT_FIELDS);
    const lines: string[] = [];
    for (const key of ["effective_date", "jurisdiction", "term"]) {
      const want = gt.fields[key];
      const pred = data[key];
      const given = pred !== null && pred !== undefined;
      if (want === undefined) {
        if (given) {
          add(key, { fp: 1 });
          lines.push(`  ${key}: gt none pred ${JSON.stringify(pred)}`);
        }
        continue;
      }
      const ok = contractValueEqual(key, want, pred ?? undefined);
      add(key, ok ? { tp: 1 } : given ? { fp: 1, fn: 1 } : { fn: 1 });
      if (!ok) lines.push(`  ${key}: gt ${JSON.stringify(want)} pred ${JSON.stringify(pred ?? null)}`);
    }
    const predParties = Array.isArray(data.parties) ? data.parties.map((row) => String(row.party ?? "")) : [];
    const s = scoreParties((gt.tables?.parties ?? []).map((p) => p.party), predParties);
    add("party", s);
    if (s.fp + s.fn > 0) lines.push(`  parties: missed ${JSON.stringify(s.missed)} wrong ${JSON.stringify(s.wrong)}`);
    if (verbose && lines.length > 0) console.log(`# ${entry.id}\n${lines.join("\n")}`);
  }
  const all: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const [key, c] of [...counts].sort()) {
    console.log(`${key.padEnd(16)} ${prf(c)}`);
    all.tp += c.tp;
    all.fp += c.fp;
    all.fn += c.fn;
  }
  console.log(`${"all".padEnd(16)} ${prf(all)}`);
}

void main();

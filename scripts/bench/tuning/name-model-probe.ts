/**
 * The seller's name on a corpus under the rules and under a trained name model at several policies, each document
 * read once (page models cached as scripts/train caches them):
 *   tsx scripts/bench/tuning/name-model-probe.ts --model <name-model.json> [--sure a,b] [--cache <dir>] [--quiet] <folder> …
 * One line per document where a policy changes the name (not with --quiet: a measure-only set is read for its totals
 * alone), then per policy the seller's name and all scalar fields (tp / fp / fn, F1). A tuning aid, not a benchmark:
 * `bench:extract -- <set> --name-model <file> [--name-sure p]` gives a set's figures.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { extractScalarFields } from "../../../lib/extraction/fields/extract-fields";
import { NAME_FEATURE_NAMES, withNameScorer, type FieldCandidates, type ScorerModel } from "../../../lib/extraction/scorer";
import { calibrated, calibrationInputs, rawScore } from "../../../lib/extraction/scorer/model";
import { equal } from "../score";
import { FIELDS } from "../dataset";
import { listCorpus, readCached } from "../../train/corpus";

type Counts = { tp: number; fp: number; fn: number };

function add(counts: Counts, ok: boolean, pred: unknown): void {
  if (ok) counts.tp += 1;
  else if (pred === null || pred === undefined || pred === "") counts.fn += 1;
  else {
    counts.fp += 1;
    counts.fn += 1;
  }
}

function line(label: string, c: Counts): string {
  const p = c.tp / Math.max(1, c.tp + c.fp);
  const r = c.tp / Math.max(1, c.tp + c.fn);
  return `${label.padEnd(28)} tp ${c.tp} fp ${c.fp} fn ${c.fn} P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${((2 * p * r) / Math.max(1e-9, p + r)).toFixed(3)}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const cache = value("--cache") ?? path.resolve(".cache/probe-readings");
  const modelFile = value("--model");
  if (!modelFile) throw new Error("--model <name-model.json> is required");
  const model = JSON.parse(readFileSync(modelFile, "utf8")) as ScorerModel;
  const sures = (value("--sure") ?? "0.7,0.8,0.9").split(",").map(Number).filter(Number.isFinite);
  const quiet = args.includes("--quiet");
  const policies: Array<{ label: string; model: ScorerModel | null }> = [
    { label: "rules", model: null },
    { label: "model decides", model },
    ...sures.map((sureAt) => ({ label: `model at >= ${sureAt}`, model: { ...model, sureAt } })),
  ];
  const names = new Map(policies.map((p) => [p.label, { tp: 0, fp: 0, fn: 0 }]));
  const all = new Map(policies.map((p) => [p.label, { tp: 0, fp: 0, fn: 0 }]));
  const folders = args.filter((a, i) => !a.startsWith("--") && !["--cache", "--model", "--sure"].includes(args[i - 1] ?? ""));
  const scalars = FIELDS.filter((f) => f.type !== "table");
  for (const folder of folders) {
    for (const doc of listCorpus(folder)) {
      const page = await readCached(doc, cache);
      const seen: string[] = [];
      for (const policy of policies) {
        const out = withNameScorer(policy.model, () => extractScalarFields(page, FIELDS));
        for (const field of scalars) {
          const gt = doc.gt.fields[field.name];
          if (gt === undefined) continue;
          const pred = out.get(field.name)?.value ?? null;
          const ok = equal(field.name, gt, pred ?? undefined);
          add(all.get(policy.label)!, ok, pred);
          if (field.name !== "vendor_name") continue;
          add(names.get(policy.label)!, ok, pred);
          seen.push(`${ok ? "ok" : pred === null ? "--" : "XX"} ${JSON.stringify(pred)}`);
        }
      }
      // --detail: the model's best candidate and how sure it is, and how sure it would be of the rules' name.
      if (!quiet && args.includes("--detail") && doc.gt.fields.vendor_name !== undefined) {
        let found: FieldCandidates | null = null;
        const rules = withNameScorer(null, () => extractScalarFields(page, FIELDS, (_f, key, candidates) => key === "vendor_name" && (found = candidates)));
        const scorer = model.fields.vendor_name!;
        const hidden = new Set((scorer.masked ?? []).map((name) => (NAME_FEATURE_NAMES as readonly string[]).indexOf(name)));
        const judged = (found as FieldCandidates | null)?.features.map((x) => {
          const margin = rawScore(scorer, x.map((v, i) => (hidden.has(i) ? 0 : v)));
          return { margin, p: calibrated(scorer, calibrationInputs(margin, x, NAME_FEATURE_NAMES, scorer.calibration.inputs)) };
        }) ?? [];
        const best = judged.reduce((b, j, i) => (j.margin > (judged[b]?.margin ?? -Infinity) ? i : b), 0);
        const ruleValue = rules.get("vendor_name")?.value ?? null;
        const ruleAt = (found as FieldCandidates | null)?.candidates.findIndex((c) => c.value === ruleValue) ?? -1;
        const ok = (v: unknown) => (equal("vendor_name", doc.gt.fields.vendor_name!, (v ?? undefined) as never) ? "ok" : v === null ? "--" : "XX");
        const top = (found as FieldCandidates | null)?.candidates[best]?.value ?? null;
        console.log(`D ${path.basename(doc.file)} rules ${ok(ruleValue)} ${JSON.stringify(ruleValue)} p=${ruleAt >= 0 ? judged[ruleAt]!.p.toFixed(3) : "n/a"} m=${ruleAt >= 0 ? judged[ruleAt]!.margin.toFixed(2) : "n/a"} | top ${ok(top)} ${JSON.stringify(top)} p=${judged[best]?.p.toFixed(3)} m=${judged[best]?.margin.toFixed(2)}`);
      }
      if (!quiet && new Set(seen).size > 1) console.log(`${path.basename(doc.file)} gt=${JSON.stringify(doc.gt.fields.vendor_name)}\n  ${policies.map((p, i) => `${p.label}: ${seen[i]}`).join("\n  ")}`);
    }
  }
  for (const policy of policies) console.log(line(`vendor_name, ${policy.label}`, names.get(policy.label)!));
  for (const policy of policies) console.log(line(`all fields, ${policy.label}`, all.get(policy.label)!));
}

void main();

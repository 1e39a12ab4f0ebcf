/**
 * Every field value the engine gives on a set with its own field specs, one JSON line each: document, kind, half,
 * field, type, ground truth, prediction, confidence, evidence and the outcome (tp, fp-wrong, fp-absent, fn). The
 * raw material for listing wrong values and for training the detector judge (scripts/train/detector-judge.ts).
 *
 *   tsx --conditions=react-server scripts/bench/kinds/dump-values.ts <dataset dir> <out.jsonl> [--only <substring>]
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractDocument, serverExtractionSettings, type ValueMetadata } from "../../../lib/extraction";
import { terminateOcr } from "../../../lib/extraction/loaders/ocr/ocr";
import { MIME, readGt, readManifest, splitHalf, type Gt } from "../dataset";
import { specValueEqual, type SpecGt } from "../kinds-scoring";

export type DumpedValue = {
  doc: string; kind: string; half: "A" | "B"; field: string; type: string; gt: string | null; pred: unknown;
  confidence: number | null; evidence: ValueMetadata["evidence"] | null; raw: string | null; source: ValueMetadata["source"] | null; outcome: "tp" | "fp-wrong" | "fp-absent" | "fn";
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyIdx = args.indexOf("--only");
  const only = onlyIdx >= 0 ? args[onlyIdx + 1] : undefined;
  const [dirArg, outArg] = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--only");
  if (!dirArg || !outArg) throw new Error("usage: dump-values.ts <dataset dir> <out.jsonl> [--only <substring>]");
  const dir = path.resolve(dirArg);
  const lines: string[] = [];
  for (const entry of readManifest(dir).documents) {
    if (only && !entry.id.includes(only)) continue;
    const ext = path.extname(entry.document).toLowerCase();
    const gt: Gt & SpecGt = readGt(dir, entry);
    const specs = gt.field_specs;
    if (!specs) continue;
    const bytes = new Uint8Array(readFileSync(path.join(dir, entry.document)));
    const result = await extractDocument({ ...serverExtractionSettings(), bytes, mimeType: MIME[ext] ?? "application/octet-stream", fields: specs, settings: { markdownParsing: true, dataExtractionMode: "balanced", advancedTableExtraction: false } });
    for (const spec of specs) {
      if (spec.type === "table") continue;
      const expected = gt.fields[spec.name] ?? null;
      const pred = result.data[spec.name];
      const has = pred !== null && pred !== undefined && !Array.isArray(pred);
      if (!has && expected === null) continue;
      const meta = result.fieldMetadata[spec.name] as ValueMetadata | undefined;
      const ok = has && expected !== null && specValueEqual(spec, expected, pred);
      const outcome = ok ? "tp" : !has ? "fn" : expected === null ? "fp-absent" : "fp-wrong";
      const row: DumpedValue = { doc: entry.id, kind: gt.kind ?? entry.id.split("/")[0] ?? "?", half: splitHalf(entry.split_group), field: spec.name, type: spec.type, gt: expected, pred: has ? pred : null, confidence: meta?.confidence ?? null, evidence: meta?.evidence ?? null, raw: meta?.raw ?? null, source: meta?.source ?? null, outcome };
      lines.push(JSON.stringify(row));
    }
  }
  writeFileSync(outArg, lines.join("\n") + "\n");
  await terminateOcr();
}

void main();

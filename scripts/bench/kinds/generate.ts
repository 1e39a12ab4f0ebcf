/**
 * Writes the synthetic "other kinds" benchmark set: documents of eight kinds (kinds.ts), each with its ground truth
 * and the user-style field specs the benchmark extracts with, in the dev sets' format (manifest.json +
 * <id>.pdf + <id>.pdf.gt.json). Seeded: the same seed writes the same documents.
 *
 *   npm run bench:kinds-data -- [out dir, default tmp/bench-kinds] [--per-kind 5] [--scanned 1] [--seed 43]
 *   npm run bench:extract -- tmp/bench-kinds --no-throughput --no-engines
 *
 * `--fresh` more documents per kind (six kinds) use the second layouts of fresh-layouts.ts.
 * `--tables N` (default 0, so a seed's other documents stay as they were) adds N documents per kind of table-docs.ts:
 * bank statements with their transactions and résumés with their jobs and schools, ground truth under `tables`, and
 * a third as many in second layouts (`…-table-fresh-…`, written after the readers and measured once).
 * The first `--scanned` documents of each kind are also written as a PNG drawn from the PDF at ~200 dpi (same ground
 * truth), so the OCR path is measured on the same kinds.
 *
 * Each text value of the ground truth is checked against the PDF's own text layer (or form data) before it is written (dates and
 * amounts are printed in other shapes and follow from the same variables).
 *
 * SYNTHETIC: every value is invented (pools.ts) and every layout drawn here. It measures whether the engine reads
 * the kinds of fields users define on forms, statements, résumés and letters; it is not a sample of real documents.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FieldDefinition } from "../../../lib/extraction";
import { loadDocument } from "../../../lib/extraction/loaders/load-document";
import { openPdf } from "../../../lib/extraction/loaders/pdf/pdf-text-layer";
import { renderPdfPage } from "../../../lib/extraction/loaders/pdf/pdf-render";
import { FRESH } from "./fresh-layouts";
import { KINDS, type Made } from "./kinds";
import { TABLE_DOCS } from "./table-docs";
import { makeRng } from "./pools";

function option(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : NaN;
  return Number.isFinite(value) ? value : fallback;
}

/**
 * The ground truth's check: every text value (not dates or amounts, which the page prints in other shapes) is in
 * the PDF's text layer as printed, an address part by part, case aside. Returns the values not found.
 */
async function unprinted(bytes: Uint8Array, specs: FieldDefinition[], fields: Record<string, string>): Promise<string[]> {
  const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
  // A fillable form's answers are in its form data, not its text layer.
  const printed = model.pages.flatMap((p) => [...p.blocks.flatMap((b) => b.lines.map((l) => l.text)), ...(p.formFields ?? []).map((f) => String(f.value))]);
  const text = printed.join("\n").toLowerCase().replace(/\s+/g, " ");
  return Object.entries(fields).filter(([name, value]) => {
    const type = specs.find((f) => f.name === name)?.type;
    if (type === "date" || type === "number" || type === "currency") return false;
    // An IBAN is printed in groups of four.
    const compact = (t: string) => t.replace(/\s+/g, "");
    return !value.split(/,\s+/).every((part) => text.includes(part.toLowerCase()) || compact(text).includes(compact(part.toLowerCase())));
  }).map(([name, value]) => `${name}=${value}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const perKind = option(args, "--per-kind", 5);
  const seed = option(args, "--seed", 43);
  const scanned = option(args, "--scanned", 1);
  const fresh = option(args, "--fresh", 2);
  const tables = option(args, "--tables", 0);
  const out = path.resolve(args.find((a, i) => !a.startsWith("--") && !["--per-kind", "--seed", "--scanned", "--fresh", "--tables"].includes(args[i - 1] ?? "")) ?? "tmp/bench-kinds");
  const documents: Array<Record<string, string>> = [];
  for (const [k, kind] of KINDS.entries()) {
    mkdirSync(path.join(out, kind.kind), { recursive: true });
    const freshMaker = FRESH[kind.kind];
    const makers: Array<{ n: number; name: string; make: () => Promise<Made & { tables?: unknown; specs?: FieldDefinition[] }>; seed: number }> = [];
    for (let n = 1; n <= perKind; n += 1) makers.push({ n, name: `${kind.kind}-${String(n).padStart(2, "0")}`, seed: seed * 1000 + k * 100 + n, make: () => kind.make(makeRng(seed * 1000 + k * 100 + n)) });
    for (let n = 1; freshMaker && n <= fresh; n += 1) makers.push({ n: perKind + n, name: `${kind.kind}-fresh-${String(n).padStart(2, "0")}`, seed: seed * 1000 + k * 100 + 50 + n, make: () => freshMaker(makeRng(seed * 1000 + k * 100 + 50 + n)) });
    // Table documents: their own seeds (…70+n), so adding them leaves every other document of the seed as it was.
    const tableMaker = TABLE_DOCS[kind.kind];
    for (let n = 1; tableMaker && n <= tables; n += 1) makers.push({ n: Infinity, name: `${kind.kind}-table-${String(n).padStart(2, "0")}`, seed: seed * 1000 + k * 100 + 70 + n, make: () => tableMaker.first(makeRng(seed * 1000 + k * 100 + 70 + n)) });
    // A third of as many again in the second layouts (seeds …85+n, up to ten).
    for (let n = 1; tableMaker && n <= Math.min(10, Math.ceil(tables / 3)); n += 1) makers.push({ n: Infinity, name: `${kind.kind}-table-fresh-${String(n).padStart(2, "0")}`, seed: seed * 1000 + k * 100 + 85 + n, make: () => tableMaker.fresh(makeRng(seed * 1000 + k * 100 + 85 + n)) });
    for (const { n, name, make, seed: docSeed } of makers) {
      const made = await make();
      const id = `${kind.kind}/${name}.pdf`;
      const specs = made.specs ?? kind.fields;
      const missing = await unprinted(made.bytes, specs, made.fields);
      if (missing.length > 0) throw new Error(`${id}: ground truth not printed: ${missing.join("; ")}`);
      writeFileSync(path.join(out, id), made.bytes);
      const gt = {
        document: path.basename(id),
        source: `synthetic: scripts/bench/kinds (kind ${kind.kind}, seed ${docSeed})`,
        license: "generated by this repository (no third-party content)",
        kind: kind.kind,
        variant: made.variant,
        field_specs: specs,
        fields: made.fields,
        ...(made.tables ? { tables: made.tables } : {}),
        notes: ["Synthetic document: invented values, layout drawn by scripts/bench/kinds. A spec field missing from `fields` is not printed; a prediction for it counts as a false positive."],
        split_group: `${kind.kind}/${made.variant}`,
      };
      writeFileSync(path.join(out, `${id}.gt.json`), `${JSON.stringify(gt, null, 2)}\n`);
      documents.push({ id, document: id, ground_truth: `${id}.gt.json`, sha256: createHash("sha256").update(made.bytes).digest("hex"), kind: kind.kind, split_group: gt.split_group });
      if (n > scanned) continue;
      // The same page as a scan: an image with no text layer, read by OCR.
      const doc = await openPdf(made.bytes);
      const png = (await renderPdfPage(doc, 1)).png;
      await doc.loadingTask.destroy();
      const imageId = id.replace(/\.pdf$/, ".png");
      writeFileSync(path.join(out, imageId), png);
      writeFileSync(path.join(out, `${imageId}.gt.json`), `${JSON.stringify({ ...gt, document: path.basename(imageId), notes: [...gt.notes, "PNG drawn from the PDF of the same name (~200 dpi): read by OCR."] }, null, 2)}\n`);
      documents.push({ id: imageId, document: imageId, ground_truth: `${imageId}.gt.json`, sha256: createHash("sha256").update(png).digest("hex"), kind: kind.kind, split_group: gt.split_group });
    }
  }
  const manifest = { format_version: 1, split: "kinds-synthetic", synthetic: true, seed, count: documents.length, documents };
  writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${documents.length} documents of ${KINDS.length} kinds to ${out}`);
}

void main();

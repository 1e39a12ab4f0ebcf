/**
 * Assembles the real "other kinds" dev set (README.md beside this file) from local git mirrors of its public source
 * repositories: each document is read at its recorded commit, checked against its sha256 and written with its ground
 * truth, into which the kind's parser spec (specs.json) is copied as `field_specs`. The output is in the dev sets'
 * format (manifest.json + <kind>/<id>.pdf + .gt.json), so `npm run bench:extract -- <out>` scores it per kind.
 *
 *   npm run bench:kinds-real-data -- --mirror <mirror root> [--out tmp/bench-kinds-real] [--no-render]
 *
 * <mirror root>/<owner>+<name>/repo is the git directory of each source repository (bare, or a work tree whose .git
 * holds it), as the `fetch` tool and /work/shared/datasets/train/fetch.mjs lay them out. The documents are never
 * stored in this repository, only their ground truth, specs and provenance.
 *
 * Only one document is a real scan, so the documents marked `render_page1` (all their labelled values on page 1) are
 * also written as a PNG of that page drawn by the engine's renderer (~200 dpi, as the synthetic set's scans): the OCR
 * path on real layouts. They are renderings, not scans (no noise, skew or blur); the manifest says so (`input`).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FieldDefinition } from "../../../../lib/extraction";
import { option, readMirrored, sha256 } from "../../mirrored-documents";

export { mirrorGitDir, sha256 } from "../../mirrored-documents";

export type RealEntry = {
  id: string;
  document: string;
  ground_truth: string;
  kind: string;
  input: string;
  sha256: string;
  source_repo: string;
  source_commit: string;
  path_in_repo: string;
  license: string;
  split_group: string;
  /** Every labelled value is on page 1: the fetch also draws that page as a PNG, read by OCR. */
  render_page1?: boolean;
};
export type RealManifest = { format_version: number; split: string; count: number; kinds: string[]; documents: RealEntry[] };
export type RealGt = { kind: string; fields: Record<string, string>; tables?: Record<string, Array<Record<string, string>>>; [key: string]: unknown };
export type Specs = Record<string, FieldDefinition[]>;

const here = __dirname;

/** The page-1 rendering's entry and ground truth: same values, same split group, its own file. */
export function renderedEntry(entry: RealEntry, gt: RealGt): { entry: RealEntry; gt: RealGt } {
  const id = entry.id.replace(/\.pdf$/i, ".png");
  const notes = Array.isArray(gt.notes) ? (gt.notes as string[]) : [];
  return {
    entry: { ...entry, id, document: id, ground_truth: `${id}.gt.json`, input: "png-rendered", sha256: "", render_page1: undefined },
    gt: { ...gt, document: path.basename(id), notes: [...notes, "PNG of page 1 drawn from the PDF of the same name by the engine's renderer: read by OCR. A rendering, not a scan."] },
  };
}

/** The ground truth as the benchmark reads it: the kind's spec travels with each document, as in the synthetic set. */
export function withSpecs(gt: RealGt, specs: Specs): RealGt & { field_specs: FieldDefinition[] } {
  const fieldSpecs = specs[gt.kind];
  if (!fieldSpecs) throw new Error(`no parser spec for kind ${gt.kind}`);
  const unknown = Object.keys(gt.fields).filter((name) => !fieldSpecs.some((f) => f.name === name));
  if (unknown.length > 0) throw new Error(`${gt.kind}: ground truth names fields its spec lacks: ${unknown.join(", ")}`);
  // A table's rows may only use the columns its table field declares (the benchmark compares cells by their type).
  for (const [name, rows] of Object.entries(gt.tables ?? {})) {
    const table = fieldSpecs.find((f) => f.name === name && f.type === "table");
    if (!table) throw new Error(`${gt.kind}: ground truth has a table its spec lacks: ${name}`);
    const columns = new Set((table.columns ?? []).map((c) => c.name));
    const extra = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((c) => !columns.has(c));
    if (extra.length > 0) throw new Error(`${gt.kind}: table ${name} has columns its spec lacks: ${extra.join(", ")}`);
  }
  return { ...gt, field_specs: fieldSpecs };
}

async function renderPage1(bytes: Uint8Array): Promise<Uint8Array> {
  // Loaded only when a rendering is asked for: pdf.js and the canvas are heavy.
  const { openPdf } = await import("../../../../lib/extraction/loaders/pdf/pdf-text-layer");
  const { renderPdfPage } = await import("../../../../lib/extraction/loaders/pdf/pdf-render");
  const doc = await openPdf(bytes);
  try {
    return (await renderPdfPage(doc, 1)).png;
  } finally {
    await doc.loadingTask.destroy();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const mirror = option(args, "--mirror");
  if (!mirror) {
    console.error("usage: npm run bench:kinds-real-data -- --mirror <mirror root> [--out tmp/bench-kinds-real]");
    process.exit(2);
  }
  const out = path.resolve(option(args, "--out") ?? "tmp/bench-kinds-real");
  const manifest = JSON.parse(readFileSync(path.join(here, "manifest.json"), "utf8")) as RealManifest;
  const specs = JSON.parse(readFileSync(path.join(here, "specs.json"), "utf8")) as Specs;
  const written: RealEntry[] = [];
  const problems: string[] = [];
  for (const entry of manifest.documents) {
    const read = readMirrored(mirror, entry);
    if ("problem" in read) {
      problems.push(read.problem);
      continue;
    }
    const { bytes } = read;
    const gt = withSpecs(JSON.parse(readFileSync(path.join(here, "gt", entry.ground_truth), "utf8")) as RealGt, specs);
    mkdirSync(path.dirname(path.join(out, entry.document)), { recursive: true });
    writeFileSync(path.join(out, entry.document), bytes);
    writeFileSync(path.join(out, entry.ground_truth), `${JSON.stringify(gt, null, 2)}\n`);
    written.push(entry);
    if (!entry.render_page1 || args.includes("--no-render")) continue;
    const rendered = renderedEntry(entry, gt);
    const png = await renderPage1(new Uint8Array(bytes));
    writeFileSync(path.join(out, rendered.entry.document), png);
    writeFileSync(path.join(out, rendered.entry.ground_truth), `${JSON.stringify(rendered.gt, null, 2)}\n`);
    written.push({ ...rendered.entry, sha256: sha256(png) });
  }
  writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify({ ...manifest, count: written.length, documents: written }, null, 2)}\n`);
  for (const p of problems) console.error(`! ${p}`);
  const renderings = written.filter((e) => e.input === "png-rendered").length;
  console.log(`wrote ${written.length - renderings} of ${manifest.documents.length} documents of ${new Set(written.map((e) => e.kind)).size} kinds, and ${renderings} page-1 renderings, to ${out}`);
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(here, "fetch.ts")) void main();

/**
 * A speed change's A/B after loading: the engine of another checkout (`--old <tree>`, e.g. `git archive <base> | tar
 * -x -C /tmp/old` with node_modules linked) and this tree's, alternated in one process on the page model of the dev
 * and invoices-dev PDFs merged three times (`fast`), so both see the same load. Prints CPU ms per page by stage
 * group, median of the passes of each, and whether their outputs (values, metadata, markdown) are the same.
 *
 *   npx tsx --conditions=react-server scripts/bench/extract-ab.ts --old <tree> [--passes N]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { FIELDS, readManifest } from "../bench/dataset";
import * as newDoc from "../../lib/extraction/extract-document";
import * as newMd from "../../lib/extraction/markdown/render-markdown";
import * as newTiming from "../../lib/extraction/stage-timing";
import { loadDocument } from "../../lib/extraction/loaders/load-document";

type Engine = { name: string; extract: typeof newDoc.extractFromPageModel; md: typeof newMd.renderMarkdown; timing: typeof newTiming };

async function merged(sets: string[]): Promise<Uint8Array> {
  const m = await PDFDocument.create();
  for (let r = 0; r < 3; r += 1) for (const dir of sets) for (const e of readManifest(dir).documents.filter((d) => d.document.toLowerCase().endsWith(".pdf"))) {
    const s = await PDFDocument.load(readFileSync(path.join(dir, e.document)), { ignoreEncryption: true });
    for (const p of await m.copyPages(s, s.getPageIndices())) m.addPage(p);
  }
  return m.save();
}

async function main(): Promise<void> {
  process.env.EINVOICE_XML = "off";
  const args = process.argv.slice(2);
  const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const tree = valueOf("--old");
  if (!tree) throw new Error("usage: extract-ab.ts --old <tree> [--passes N]");
  const passes = Number(valueOf("--passes") ?? 15);
  const old = path.resolve(tree, "lib/extraction");
  const engines: Engine[] = [
    { name: "old", extract: (await import(`${old}/extract-document.ts`)).extractFromPageModel, md: (await import(`${old}/markdown/render-markdown.ts`)).renderMarkdown, timing: await import(`${old}/stage-timing.ts`) },
    { name: "new", extract: newDoc.extractFromPageModel, md: newMd.renderMarkdown, timing: newTiming },
  ];
  const bytes = await merged(["../shared/datasets/dev", "../shared/datasets/invoices-dev"].map((d) => path.resolve(d)));
  const model = await loadDocument(bytes, "application/pdf", { mode: "fast" });
  const pages = model.pages.length;
  const results = new Map<string, { totals: number[]; stages: Array<Map<string, number>> }>(engines.map((e) => [e.name, { totals: [], stages: [] }]));
  const hash = new Map<string, string>();
  for (let pass = 0; pass < passes + 1; pass += 1) {
    for (const engine of pass % 2 === 0 ? engines : [...engines].reverse()) {
      const copy = structuredClone(model);
      engine.timing.startStageRecording();
      const cpu = process.cpuUsage();
      const out = engine.extract(copy, FIELDS, { markdownParsing: true, dataExtractionMode: "fast" });
      const md = engine.timing.timed("markdown", () => engine.md(copy));
      const used = process.cpuUsage(cpu);
      const { selfMs } = engine.timing.stopStageRecording();
      if (pass === 0) {
        hash.set(engine.name, JSON.stringify({ out, md }));
        continue;
      }
      results.get(engine.name)!.totals.push((used.user + used.system) / 1000 / pages);
      results.get(engine.name)!.stages.push(new Map([...selfMs].map(([k, v]) => [k, v / pages])));
    }
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
  const group = (name: string): Array<[string, number]> => {
    const r = results.get(name)!;
    const sum = (pred: (k: string) => boolean) => med(r.stages.map((m) => [...m].filter(([k]) => pred(k)).reduce((s, [, v]) => s + v, 0)));
    return [
      ["fields (document lines, finders, reconciliation)", sum((k) => k === "fields" || k.startsWith("fields ›"))],
      ["scorer", sum((k) => k === "scorer")],
      ["tables (rows, line items, headerless)", sum((k) => k.startsWith("tables"))],
      ["confidence, markdown", sum((k) => k === "confidence" || k === "markdown")],
      ["**all after loading**", med(r.totals)],
    ];
  };
  const [a, b] = [group("old"), group("new")];
  console.log(`same output: ${hash.get("old") === hash.get("new")}; ${pages} pages, ${passes} passes each, alternated`);
  console.log("| stage | old | new |\n|---|---:|---:|");
  a.forEach(([k, v], i) => console.log(`| ${k} | ${v.toFixed(2)} | ${b[i]![1].toFixed(2)} |`));
}
void main();

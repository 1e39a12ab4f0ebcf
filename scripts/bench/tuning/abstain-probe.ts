/** Probe (tuning aid): features of each OCR'd seller's name and address the engine writes, with right/wrong, as JSON lines. */
import { extractFromPageModel } from "../../../lib/extraction/extract-document";
import { pageLines } from "../../../lib/extraction/layout/build-page";
import { valueWords } from "../../../lib/extraction/confidence/reading-doubt";
import { listCorpus, readCached } from "../../train/corpus";
import { corpusArgs } from "./corpus-args";
import { inHalf } from "../contracts-scoring";
import { FIELDS } from "../dataset";
import { equal } from "../score";
import type { ValueMetadata } from "../../../lib/extraction/types";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { folder, cache } = corpusArgs(args, []);
  const docs = listCorpus(folder);
  const groups = docs.map((d) => d.group);
  for (const doc of docs) {
    const page = await readCached(doc, cache, true);
    if (!page) continue;
    const fields = FIELDS.filter((f) => f.type !== "table" && doc.gt.fields[f.name] !== undefined);
    const { data, fieldMetadata } = extractFromPageModel(page, fields);
    const lines = page.pages.flatMap((p) => pageLines(p).map((l) => l.text));
    for (const field of ["vendor_name", "vendor_address"]) {
      const truth = doc.gt.fields[field];
      const value = data[field];
      if (truth === undefined || value === undefined || value === null) continue;
      const meta = fieldMetadata[field] as ValueMetadata | undefined;
      const words = meta?.source ? valueWords(page, meta.source, String(value)) : [];
      console.log(JSON.stringify({ doc: doc.file.split("/").pop(), group: doc.group, half: inHalf(doc.group, groups, "a") ? "a" : "b", field, value, truth, right: equal(field, truth, value), conf: meta?.confidence, ev: meta?.evidence, words: words.map((w) => ({ t: w.text, c: w.confidence, l: w.least })), lines }));
    }
  }
}

void main();

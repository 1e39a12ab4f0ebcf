/**
 * Tuning aid (not a benchmark): the seller's name and address of a training folder's documents (SROIE receipts), from
 * cached page models (`scripts/train/corpus.ts`), right / wrong / empty per sender-group half, so a change to the
 * party rules can be written looking at one half and confirmed on the other. Values are judged as bench:extract
 * judges them (`scripts/bench/score.ts`), with the engine as shipped.
 *
 *   tsx --conditions=react-server scripts/bench/tuning/parties-folds.ts <folder> <cache dir> [--half a|b] [--verbose]
 *     [--field vendor_name|vendor_address] [--text] [--from <file name>] [--to <file name>]
 *
 * --verbose prints every wrong or empty value beside its truth and whether the truth is printed verbatim in the text
 * (a reading miss) or not (a choice miss); --text adds the page's first lines. --from and --to keep the documents
 * whose file names sort between them (a fixed set while the cache is still being filled, or a part not looked at).
 * --unseen-before <file> keeps only the senders with no document sorting before that file.
 * --read reads (and caches) the documents not cached yet; without it they are skipped.
 */
import path from "node:path";
import { extractFromPageModel } from "../../../lib/extraction/extract-document";
import { pageLines } from "../../../lib/extraction/layout/build-page";
import { listCorpus, readCached } from "../../train/corpus";
import { corpusArgs } from "./corpus-args";
import { inHalf } from "../contracts-scoring";
import { FIELDS } from "../dataset";
import { equal, normText } from "../score";

const PARTY_FIELDS = ["vendor_name", "vendor_address"];

type Tally = { right: number; wrong: number; empty: number; printed: number };

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { folder, cache, half, onlyField, option } = corpusArgs(args, ["--from", "--to", "--unseen-before"]);
  const docs = listCorpus(folder);
  const groups = docs.map((d) => d.group);
  // `--unseen-before <file>`: only senders none of whose documents sorts before that file (senders not looked at).
  const cut = option("--unseen-before");
  const seen = new Set(cut ? docs.filter((d) => path.basename(d.file) < cut).map((d) => d.group) : []);
  const tallies = new Map<string, Tally>(PARTY_FIELDS.map((f) => [f, { right: 0, wrong: 0, empty: 0, printed: 0 }]));
  let read = 0;
  for (const doc of docs) {
    if (!inHalf(doc.group, groups, half) || seen.has(doc.group)) continue;
    const name = path.basename(doc.file);
    if ((option("--from") && name < option("--from")!) || (option("--to") && name > option("--to")!)) continue;
    const page = await readCached(doc, cache, !args.includes("--read"));
    if (!page) continue;
    read += 1;
    const fields = FIELDS.filter((f) => f.type !== "table" && doc.gt.fields[f.name] !== undefined);
    const { data } = extractFromPageModel(page, fields);
    const lines = page.pages.flatMap((p) => pageLines(p).map((l) => l.text));
    const text = normText(lines.join(" "));
    for (const field of PARTY_FIELDS) {
      const truth = doc.gt.fields[field];
      if (truth === undefined || (onlyField && field !== onlyField)) continue;
      const value = data[field] ?? null;
      const tally = tallies.get(field)!;
      const printed = text.includes(normText(truth).replace(/[.,;:]+$/, ""));
      if (printed) tally.printed += 1;
      if (value === null) tally.empty += 1;
      else if (equal(field, truth, value)) tally.right += 1;
      else tally.wrong += 1;
      if (args.includes("--verbose") && !equal(field, truth, value)) {
        console.log(`${path.basename(doc.file)} [${doc.group}] ${field} ${printed ? "PRINTED" : "unread"}\n  truth: ${truth}\n  value: ${value === null ? "(empty)" : String(value)}`);
        if (args.includes("--text")) console.log(lines.slice(0, 14).map((l) => `    | ${l}`).join("\n"));
      }
    }
  }
  console.log(`${read} documents read${half ? ` (half ${half})` : ""}`);
  for (const [field, t] of tallies) console.log(`${field}: right ${t.right}, wrong ${t.wrong}, empty ${t.empty} (truth printed verbatim ${t.printed})`);
}

void main();

/**
 * Reads every document of the folders given once and caches its page model (OCR is ~1.4 CPU s a receipt):
 *   tsx scripts/train/read-corpus.ts [--cache <dir>] <folder> …
 * `npm run train` reads the same cache, so running this first (under the heavy lock) only splits the work.
 */
import { terminateOcr } from "../../lib/extraction/loaders/ocr/ocr";
import { listCorpus, readCached } from "./corpus";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--cache");
  const cache = at >= 0 ? args[at + 1]! : (process.env.TRAIN_CACHE ?? ".cache/train-readings");
  const folders = args.filter((a, i) => a !== "--cache" && i !== at + 1);
  for (const folder of folders) {
    const docs = listCorpus(folder);
    const started = performance.now();
    let n = 0;
    for (const doc of docs) {
      await readCached(doc, cache);
      n += 1;
      if (n % 25 === 0) console.log(`${folder}: ${n}/${docs.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    console.log(`${folder}: ${docs.length} documents read`);
  }
  await terminateOcr();
}

void main();

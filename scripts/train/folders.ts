/** The command-line folders of a training run: fetched training data, synthetic output, the reading cache. */
import { existsSync } from "node:fs";
import path from "node:path";
import { listCorpus, type CorpusDocument } from "./corpus";

export function option(args: string[], name: string): string[] {
  return args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
}

export function trainingFolders(args: string[]): { data: string[]; synth: string[]; cache: string } {
  const given = option(args, "--data");
  const fromEnv = process.env.TRAIN_DATA?.split(":").filter(Boolean) ?? [];
  const data = given.length > 0 ? given : fromEnv.length > 0 ? fromEnv : ["../train-data/receipts-sroie", "../train-data/einvoices", "../train-data/contracts-nda"];
  const synth = [...option(args, "--synth"), ...(process.env.TRAIN_SYNTH?.split(":").filter(Boolean) ?? [])];
  const cache = option(args, "--cache")[0] ?? process.env.TRAIN_CACHE ?? ".cache/train-readings";
  for (const folder of [...data, ...synth]) if (!existsSync(folder)) throw new Error(`training folder not found: ${folder} (see ../shared/datasets/train/README.md)`);
  return { data, synth, cache };
}

export function corpusOf(folders: { data: string[]; synth: string[] }): CorpusDocument[] {
  return [...folders.data.map((f) => listCorpus(f)), ...folders.synth.map((f) => listCorpus(f, `synthetic:${path.basename(path.resolve(f))}`))].flat();
}


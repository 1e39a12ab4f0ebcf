import path from "node:path";

/** What the receipt tuning scripts take: a training folder and its readings cache, a sender half, one field. */
export type CorpusArgs = {
  folder: string;
  cache: string;
  half: "a" | "b" | undefined;
  onlyField: string | undefined;
  option: (name: string) => string | undefined;
};

/**
 * Reads `<folder> <cache> [--half a|b] [--field name]` and the script's own valued options (`valued`, so their values
 * are not taken for the two paths). Defaults: the fetched SROIE receipts and the shared readings cache.
 */
export function corpusArgs(argv: string[], valued: readonly string[]): CorpusArgs {
  const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const takesValue = new Set(["--half", "--field", ...valued]);
  const [folderArg, cacheArg] = argv.filter((arg, i) => !arg.startsWith("--") && !takesValue.has(argv[i - 1] ?? ""));
  const halfArg = option("--half");
  return {
    folder: path.resolve(folderArg ?? "../train-data/receipts-sroie"),
    cache: path.resolve(cacheArg ?? "../train-readings"),
    half: halfArg === "a" || halfArg === "b" ? halfArg : undefined,
    onlyField: option("--field"),
    option,
  };
}

/**
 * Assembles the "other layouts" invoice benchmark (README.md beside this file) from local git mirrors of its public
 * source repositories: each document is read at its recorded commit, checked against its sha256 and written with its
 * ground truth. The output has the invoice dev sets' format (manifest.json + <source>/<id>.pdf + .gt.json), so
 * `npm run bench:extract -- <out>` scores it with the generic invoice parser, as invoices-dev.
 *
 *   npm run bench:layouts-data -- --mirror <mirror root> [--out tmp/bench-layouts]
 *
 * <mirror root>/<owner>+<name>/repo is the git directory of each source repository (bare, or a work tree whose .git
 * holds it), as the `fetch` tool lays them out. Only ground truth and provenance are stored in this repository.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { option, readMirrored } from "../mirrored-documents";

export type LayoutEntry = {
  id: string;
  document: string;
  ground_truth: string;
  input: string;
  sha256: string;
  source_repo: string;
  source_commit: string;
  path_in_repo: string;
  license: string;
  split_group: string;
};
export type LayoutManifest = { format_version: number; split: string; count: number; documents: LayoutEntry[] };

const here = __dirname;

/** Writes the set described by `<setDir>/manifest.json` and `<setDir>/gt/` (this folder's layout) from the mirrors. */
export function assembleLayoutSet(setDir: string, script: string, defaultOut: string): void {
  const args = process.argv.slice(2);
  const mirror = option(args, "--mirror");
  if (!mirror) {
    console.error(`usage: npm run ${script} -- --mirror <mirror root> [--out ${defaultOut}]`);
    process.exit(2);
  }
  const out = path.resolve(option(args, "--out") ?? defaultOut);
  const manifest = JSON.parse(readFileSync(path.join(setDir, "manifest.json"), "utf8")) as LayoutManifest;
  const written: LayoutEntry[] = [];
  const problems: string[] = [];
  for (const entry of manifest.documents) {
    const read = readMirrored(mirror, entry);
    if ("problem" in read) {
      problems.push(read.problem);
      continue;
    }
    const { bytes } = read;
    mkdirSync(path.dirname(path.join(out, entry.document)), { recursive: true });
    writeFileSync(path.join(out, entry.document), bytes);
    writeFileSync(path.join(out, entry.ground_truth), readFileSync(path.join(setDir, "gt", entry.ground_truth)));
    written.push(entry);
  }
  writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify({ ...manifest, count: written.length, documents: written }, null, 2)}\n`);
  for (const p of problems) console.error(`! ${p}`);
  console.log(`wrote ${written.length} of ${manifest.documents.length} documents of ${new Set(written.map((e) => e.split_group)).size} sender groups to ${out}`);
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(here, "fetch.ts")) {
  assembleLayoutSet(here, "bench:layouts-data", "tmp/bench-layouts");
}

/**
 * The training corpus: every document with a `<file>.gt.json` beside it, found recursively under each folder given
 * (the fetched `train/` folders, the synthetic generator's output, or a dev set for reporting), and the page model
 * the engine reads from it, cached on disk so OCR runs once per document.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadDocument } from "../../lib/extraction/loaders/load-document";
import type { PageModel } from "../../lib/extraction/types";
import { MIME, type Gt } from "../bench/dataset";

export type CorpusDocument = {
  /** The folder it was found under (its last path part names the source: "receipts-sroie", "invoices-dev"). */
  source: string;
  file: string;
  gt: Gt & { split_group?: string };
  /** Sender or layout group: folds never split one. */
  group: string;
};

const DOCUMENT = /\.(pdf|jpe?g|png|tiff?)$/i;

export function listCorpus(folder: string, source = path.basename(path.resolve(folder))): CorpusDocument[] {
  const out: CorpusDocument[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (DOCUMENT.test(name) && existsSync(`${full}.gt.json`)) {
        const gt = JSON.parse(readFileSync(`${full}.gt.json`, "utf8")) as CorpusDocument["gt"];
        out.push({ source, file: full, gt, group: gt.split_group ?? `${source}:${path.relative(folder, full)}` });
      }
    }
  };
  walk(folder);
  return out;
}

/** The page model of a document as `extractDocument` reads it (balanced mode), from the cache when it is there. */
export async function readCached(doc: CorpusDocument, cacheDir: string): Promise<PageModel>;
/** With `cachedOnly`, null for a document not read yet (quick experiments while the corpus is being read). */
export async function readCached(doc: CorpusDocument, cacheDir: string, cachedOnly: boolean): Promise<PageModel | null>;
export async function readCached(doc: CorpusDocument, cacheDir: string, cachedOnly = false): Promise<PageModel | null> {
  const bytes = readFileSync(doc.file);
  const key = createHash("sha256").update(bytes).digest("hex").slice(0, 24);
  const file = path.join(cacheDir, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as PageModel;
  if (cachedOnly) return null;
  const model = await loadDocument(bytes, MIME[path.extname(doc.file).toLowerCase()] ?? "application/octet-stream", { mode: "balanced" }, path.basename(doc.file));
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(model));
  return model;
}

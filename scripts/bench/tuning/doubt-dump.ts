/**
 * Tuning aid (not a benchmark): every value the field rules give on saved OCR readings, with its evidence, calibrated
 * confidence, the words it was read from and whether it is right, one JSON object a line, so that which wrong values
 * the engine could have doubted can be studied per field.
 *
 *   tsx --conditions=react-server scripts/bench/tuning/doubt-dump.ts <dataset dir> <saved dir> [--engine paddle]
 */
import path from "node:path";
import { extractFromPageModel } from "../../../lib/extraction/extract-document";
import { pageLines } from "../../../lib/extraction/layout/build-page";
import type { PageModel, ValueMetadata, Word } from "../../../lib/extraction/types";
import { inHalf } from "../contracts-scoring";
import { FIELDS, readGt, readManifest } from "../dataset";
import { loadSavedReading } from "../saved-readings";
import { equal } from "../score";

/** The words of the page lines the value's raw text was taken from (whole lines), else those under its source box. */
function valueWords(model: PageModel, meta: ValueMetadata): Word[] {
  const source = meta.source;
  if (!source) return [];
  const page = model.pages.find((p) => p.number === source.page);
  if (!page) return [];
  const rawLines = (meta.raw ?? "").split("\n").map((s) => s.trim()).filter(Boolean);
  const lines = pageLines(page);
  const whole = lines.filter((l) => rawLines.includes(l.text.trim()));
  if (whole.length > 0 && rawLines.length > 1) return whole.flatMap((l) => l.words);
  const inside = lines.flatMap((l) => l.words).filter((w) => {
    const cx = w.box.x + w.box.w / 2;
    const cy = w.box.y + w.box.h / 2;
    return cx >= source.x && cx <= source.x + source.w && cy >= source.y && cy <= source.y + source.h;
  });
  const raw = (meta.raw ?? "").replace(/\s+/g, "");
  const own = inside.filter((w) => raw.includes(w.text.replace(/\s+/g, "")));
  return own.length > 0 ? own : inside;
}

function main(): void {
  const args = process.argv.slice(2);
  const dir = path.resolve(args[0] ?? "../shared/datasets/receipts-dev");
  const savedDir = path.resolve(args[1] ?? "/tmp/bench-ocr");
  const engine = args.includes("--engine") ? args[args.indexOf("--engine") + 1]! : "paddle";
  const manifest = readManifest(dir);
  const groups = manifest.documents.map((d) => d.split_group ?? d.id);
  const fields = FIELDS.filter((f) => f.type !== "table");
  for (const entry of manifest.documents) {
    const model = loadSavedReading(savedDir, path.basename(dir), entry.id, engine);
    if (!model) continue;
    const half = inHalf(entry.split_group ?? entry.id, groups, "a") ? "a" : "b";
    const { data, fieldMetadata } = extractFromPageModel(model, fields);
    const text = model.pages.flatMap((p) => pageLines(p).map((l) => l.text)).join("\n");
    for (const [key, gt] of Object.entries(readGt(dir, entry).fields)) {
      const pred = data[key] ?? null;
      const meta = fieldMetadata[key] as ValueMetadata | undefined;
      const words = pred !== null && meta ? valueWords(model, meta) : [];
      const row = {
        set: path.basename(dir),
        id: entry.id,
        half,
        key,
        gt,
        pred,
        right: equal(key, gt, pred ?? undefined),
        conf: meta?.confidence ?? 0,
        evidence: meta && "evidence" in meta ? meta.evidence : undefined,
        raw: meta?.raw,
        words: words.map((w) => [w.text, Math.round(w.confidence * 1000) / 1000, Math.round((w.least ?? 1) * 1000) / 1000]),
        textCount: typeof pred === "string" ? text.split(pred).length - 1 : undefined,
      };
      console.log(JSON.stringify(row));
    }
  }
}

main();

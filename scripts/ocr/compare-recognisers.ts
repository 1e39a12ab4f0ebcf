/**
 * Candidate recognisers against the shipped one on lines of training-corpus images (not the int8 copy's calibration
 * images): the share of lines read alike, the characters that differ, and each graph's CPU time a line column, all run
 * in one process on the same lines, alternately, so the machine's load falls on all alike.
 *
 *   tsx scripts/ocr/compare-recognisers.ts <images dir> <candidate.onnx[=dictionary.txt[=height]] …> [--images N]
 *
 * A candidate with the shipped classes (the int8 copy) needs no dictionary; another network (an English or
 * Latin-script PP-OCR recogniser) is named with its own, `model.onnx=dict.txt`, and runs as published, unfolded,
 * decoded from its class probabilities. A network trained on lines of another height than PP-OCRv4's 48 px (the
 * v2.0 ones: 32) is named with it, `model.onnx=dict.txt=32`, and reads the same regions cropped at that height.
 */
import { existsSync, readFileSync } from "node:fs";
import * as ort from "onnxruntime-node";
import { recogniseLines, type RecognisedLine } from "../../lib/extraction/ocr/paddle/recognize";
import { MODEL_FILES, paddleSessions, readDictionary, RECOGNITION_OPTIONS, SESSION_OPTIONS } from "../../lib/extraction/ocr/paddle/sessions";
import { cropRegion, REC_HEIGHT } from "../../lib/extraction/ocr/paddle/crop";
import { pageRegions, sampleImages } from "./line-crops";

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
/** Edit distance (Levenshtein). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
/** Fewest edits turning `needle` into some stretch of `hay` (as bench:ocr's CER). */
function substringDistance(needle: string, hay: string): number {
  let previous = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hay.length; j += 1) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    previous = current;
  }
  return Math.min(...previous);
}

/** Case and whitespace folded away: lines are joined in the detector's order, which need not be the print's spacing. */
const fold = (value: string) => value.normalize("NFKC").toLowerCase().replace(/\s+/g, "");

/** The printed values a training document's labels hold (SROIE: company, date, address, total), if it has labels. */
function labelledValues(file: string): { values: string[]; names: string[] } {
  const gtFile = `${file}.gt.json`;
  if (!existsSync(gtFile)) return { values: [], names: [] };
  const gt = JSON.parse(readFileSync(gtFile, "utf8")) as { source_labels?: Record<string, string> };
  const labels = gt.source_labels ?? {};
  return { values: Object.values(labels).map(fold), names: ["company", "address"].flatMap((k) => (labels[k] ? [fold(labels[k])] : [])) };
}

const text = (line: RecognisedLine) => line.chars.map((c) => c.text).join("");

type Tally = { cpuMs: number; same: number; edits: number; found: number; nameErrors: number };

/** Labelled values found verbatim in the lines read, and the edits the names and addresses need (CER's numerator). */
function scoreLabels(tally: Tally, lines: string[], labels: { values: string[]; names: string[] }): void {
  const page = fold(lines.join(""));
  tally.found += labels.values.filter((value) => page.includes(value)).length;
  tally.nameErrors += labels.names.reduce((sum, name) => sum + substringDistance(name, page), 0);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const countArg = args.indexOf("--images");
  const count = countArg >= 0 ? Number(args.splice(countArg, 2)[1]) : 30;
  const [imagesDir, ...candidateFiles] = args;
  if (!imagesDir || candidateFiles.length === 0) throw new Error("usage: <images dir> <candidate.onnx[=dictionary.txt[=height]] …> [--images N]");
  const options = { ...SESSION_OPTIONS, ...RECOGNITION_OPTIONS };
  const product = await paddleSessions();
  // The reference: the published float recogniser folded (the committed copy the product loads), with its dictionary
  // named here, not taken from the product's sessions (OCR_RECOGNISER may have put a candidate there).
  const shippedCharacters = readDictionary(readFileSync(MODEL_FILES.dictionary, "utf8"));
  const sessions = { ...product, characters: shippedCharacters, recognition: await ort.InferenceSession.create(MODEL_FILES.recognitionFolded, options) };
  const candidates = await Promise.all(
    candidateFiles.map(async (named) => {
      const [file, dictionary, height] = named.split("=") as [string, string | undefined, string | undefined];
      const characters = dictionary ? readDictionary(readFileSync(dictionary, "utf8")) : shippedCharacters;
      const recognition = await ort.InferenceSession.create(new Uint8Array(readFileSync(file)), options);
      return { sessions: { ...sessions, characters, recognition }, height: height ? Number(height) : REC_HEIGHT };
    }),
  );
  const floatTally: Tally = { cpuMs: 0, same: 0, edits: 0, found: 0, nameErrors: 0 };
  let labelled = 0;
  let nameChars = 0;
  const tallies: Tally[] = candidates.map(() => ({ cpuMs: 0, same: 0, edits: 0, found: 0, nameErrors: 0 }));
  let columns = 0;
  let lines = 0;
  let chars = 0;
  // Calibration took every 7th image from the 4th: these are other images.
  for (const file of sampleImages(imagesDir, { count, step: 7, offset: 6 })) {
    const { raster, regions } = await pageRegions(file);
    const crops = regions.map((region) => cropRegion(raster, region));
    const labels = labelledValues(file);
    labelled += labels.values.length;
    nameChars += labels.names.reduce((sum, name) => sum + name.length, 0);
    let start = cpuMs();
    const reference = (await recogniseLines(sessions, crops)).map(text);
    floatTally.cpuMs += cpuMs() - start;
    scoreLabels(floatTally, reference, labels);
    for (const [i, candidate] of candidates.entries()) {
      const own = candidate.height === REC_HEIGHT ? crops : regions.map((region) => cropRegion(raster, region, { height: candidate.height }));
      start = cpuMs();
      const read = (await recogniseLines(candidate.sessions, own)).map(text);
      const tally = tallies[i]!;
      tally.cpuMs += cpuMs() - start;
      scoreLabels(tally, read, labels);
      read.forEach((b, line) => {
        if (b === reference[line]) tally.same += 1;
        else tally.edits += distance(reference[line]!, b);
      });
    }
    for (const [i, crop] of crops.entries()) {
      columns += crop.width;
      lines += 1;
      chars += reference[i]!.length;
    }
  }
  const labelFigures = (t: Tally) => `labelled values verbatim ${t.found}/${labelled}, name+address CER ${(t.nameErrors / Math.max(1, nameChars)).toFixed(4)}`;
  // µs a 48-px column, so that a candidate reading lower crops is timed against the same lines.
  const timing = (t: Tally) => `${((1000 * t.cpuMs) / columns).toFixed(1)} µs a column, ${(t.cpuMs / lines).toFixed(2)} ms a line`;
  console.log(`${lines} lines, ${chars} characters, ${columns} columns; shipped recogniser ${timing(floatTally)}, ${labelFigures(floatTally)}`);
  for (const [i, file] of candidateFiles.entries()) {
    const t = tallies[i]!;
    console.log(
      `${file}: read alike ${t.same} (${((100 * t.same) / lines).toFixed(1)} %), characters changed ${t.edits} (${((100 * t.edits) / chars).toFixed(2)} %), ${timing(t)}, ${labelFigures(t)}`,
    );
  }
}

void main();

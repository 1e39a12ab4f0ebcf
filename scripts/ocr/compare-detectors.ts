/**
 * Candidate detectors (e.g. an int8 copy) against the float one the product loads, on training-corpus images that
 * calibration did not see: each run's CPU time, the map pixels on the other side of the 0.3 threshold, and the text
 * regions found (regionsFromMap) that have no region of the float map's within a pixel or two. All graphs run in one
 * process on the same inputs, in turn, so the machine's load falls on each alike.
 *
 *   tsx scripts/ocr/compare-detectors.ts <images dir> <candidate.onnx …> [--images N]
 */
import * as ort from "onnxruntime-node";
import { regionsFromMap, type TextRegion } from "../../lib/extraction/ocr/paddle/detect";
import { MODEL_FILES, SESSION_OPTIONS } from "../../lib/extraction/ocr/paddle/sessions";
import { detectorInputs } from "./detector-inputs";
import { sampleImages } from "./line-crops";

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** A region of `others` with the same place and extent to within `tolerance` map pixels. */
const matched = (r: TextRegion, others: TextRegion[], tolerance: number) =>
  others.some((o) => Math.abs(o.cx - r.cx) <= tolerance && Math.abs(o.cy - r.cy) <= tolerance && Math.abs(o.w - r.w) <= 2 * tolerance && Math.abs(o.h - r.h) <= tolerance);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const countArg = args.indexOf("--images");
  const count = countArg >= 0 ? Number(args[countArg + 1]) : 16;
  const positional = args.filter((_, i) => countArg < 0 || (i !== countArg && i !== countArg + 1));
  const [imagesDir, ...candidates] = positional;
  if (!imagesDir || candidates.length === 0) throw new Error("usage: <images dir> <candidate.onnx …> [--images N]");
  const files = [MODEL_FILES.detection, ...candidates];
  const options = { ...SESSION_OPTIONS, enableCpuMemArena: true };
  const sessions = await Promise.all(files.map((f) => ort.InferenceSession.create(f, options)));
  const cpu = files.map(() => 0);
  const flipped = files.map(() => 0);
  const lost = files.map(() => 0);
  const gained = files.map(() => 0);
  let pixels = 0;
  let regions = 0;
  // Every 7th image from the 6th: none of calibration's (every 7th from the 3rd) nor the recogniser's (from the 4th).
  const images = sampleImages(imagesDir, { count, step: 7, offset: 5 });
  for (const [round, file] of images.entries()) {
    for (const input of await detectorInputs(file)) {
      const [, , height, width] = input.dims as [number, number, number, number];
      const maps: Float32Array[] = files.map(() => new Float32Array(0));
      // Alternate the order each image so neither graph always runs on a warmer cache.
      const order = files.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const session = sessions[i]!;
        const before = cpuMs();
        const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", input.data, input.dims) });
        cpu[i]! += cpuMs() - before;
        maps[i] = out[session.outputNames[0]!]!.data as Float32Array;
      }
      const reference = regionsFromMap(maps[0]!, width, height);
      regions += reference.length;
      pixels += width * height;
      for (let i = 1; i < files.length; i += 1) {
        const map = maps[i]!;
        for (let p = 0; p < map.length; p += 1) if (map[p]! > 0.3 !== maps[0]![p]! > 0.3) flipped[i]! += 1;
        const found = regionsFromMap(map, width, height);
        lost[i]! += reference.filter((r) => !matched(r, found, 1.5)).length;
        gained[i]! += found.filter((r) => !matched(r, reference, 1.5)).length;
      }
    }
  }
  console.log(`${images.length} images, ${regions} regions of the float map, ${(pixels / 1e6).toFixed(1)} M map pixels`);
  files.forEach((f, i) => {
    const name = f.split("/").pop();
    const perPage = (cpu[i]! / images.length).toFixed(1);
    if (i === 0) console.log(`${name}: ${perPage} CPU ms a page`);
    else console.log(`${name}: ${perPage} CPU ms a page; pixels flipped ${((100 * flipped[i]!) / pixels).toFixed(3)} %; regions unmatched: ${lost[i]} of the float's, ${gained[i]} new`);
  });
}

void main();

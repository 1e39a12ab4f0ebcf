/**
 * Times PP-OCR on page images the way the engine reads an image file, for comparing two versions of the OCR in
 * separate processes taking turns (old, new, new, old): the machine's load moves too much for two single runs to
 * tell a 10 % change (docs/benchmarks.md, OCR).
 *
 *   npx tsx --conditions=react-server scripts/ocr/time-pages.ts <image …> --out <file.json>
 *
 * Writes, per image, the CPU ms of loading it (decode and OCR), each stage's own CPU ms (stage-timing.ts) and a hash
 * of its page model, so the turns show whether the versions read the same. The first image is read twice and its first
 * reading not counted (the sessions' loading and the first compilations belong to no page).
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadDocument } from "../../lib/extraction/loaders/load-document";
import { releasePaddleSessions } from "../../lib/extraction/ocr/paddle/sessions";
import { startStageRecording, stopStageRecording } from "../../lib/extraction/stage-timing";

const MIME: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg" };

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

type PageTiming = { image: string; ms: number; stages: Record<string, number>; hash: string };

async function read(file: string): Promise<PageTiming> {
  const bytes = new Uint8Array(readFileSync(file));
  startStageRecording();
  const started = cpuMs();
  const model = await loadDocument(bytes, MIME[path.extname(file).toLowerCase()] ?? "image/png", { mode: "balanced" });
  const ms = cpuMs() - started;
  const stages = Object.fromEntries(stopStageRecording().selfMs);
  return { image: path.basename(file), ms, stages, hash: createHash("sha256").update(JSON.stringify(model)).digest("hex").slice(0, 16) };
}

async function main(): Promise<void> {
  process.env.OCR_ENGINE = "paddle";
  const args = process.argv.slice(2);
  const out = args[args.indexOf("--out") + 1];
  const images = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--out");
  if (!out || images.length === 0) throw new Error("usage: time-pages.ts <image …> --out <file.json>");
  await read(images[0]!);
  const timings: PageTiming[] = [];
  for (const image of images) timings.push(await read(image));
  writeFileSync(out, JSON.stringify({ timings, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
  await releasePaddleSessions();
}

void main();

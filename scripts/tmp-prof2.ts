import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { extractDocument, serverExtractionSettings } from "../lib/extraction";
import { paddleSessions } from "../lib/extraction/ocr/paddle/sessions";
import { FIELDS } from "./bench/dataset";
const dir = "../shared/datasets/receipts-dev";
const files = readdirSync(dir).filter((f) => f.endsWith(".jpg")).slice(0, Number(process.env.N ?? 12));
const spent: Record<string, number> = {};
const widths: number[] = [];
async function main() {
  process.env.OCR_ENGINE = "paddle";
  const s = await paddleSessions();
  for (const name of ["detection", "recognition", "classifier"] as const) {
    const session = s[name];
    const run = session.run.bind(session);
    (session as unknown as { run: typeof run }).run = (async (feeds: Parameters<typeof run>[0], ...rest: unknown[]) => {
      const t = process.cpuUsage();
      const out = await (run as (...a: unknown[]) => ReturnType<typeof run>)(feeds, ...rest);
      const u = process.cpuUsage(t);
      spent[name] = (spent[name] ?? 0) + (u.user + u.system) / 1000;
      if (name === "recognition") { const x = Object.values(feeds)[0] as { dims: readonly number[] }; widths.push(x.dims[3]! * x.dims[0]!); }
      return out;
    }) as typeof run;
  }
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const u0 = process.cpuUsage();
  for (const f of files) {
    await extractDocument({ ...serverExtractionSettings(), bytes: new Uint8Array(readFileSync(path.join(dir, f))), mimeType: "image/jpeg", fields: FIELDS, settings: { dataExtractionMode: "balanced", markdownParsing: false } });
  }
  const u = process.cpuUsage(u0);
  clearInterval(sampler);
  console.log("peak RSS MB", Math.round(peak / 1048576), "end RSS MB", Math.round(process.memoryUsage().rss / 1048576));
  console.log("CPU s/page", ((u.user + u.system) / 1e6 / files.length).toFixed(3), Object.entries(spent).map(([k, v]) => `${k} ${(v / 1000 / files.length).toFixed(3)}`).join(" "), "rec runs/page", (widths.length / files.length).toFixed(1), "mean width", (widths.reduce((a, b) => a + b, 0) / widths.length).toFixed(0));
}
void main().then(() => process.exit(0));

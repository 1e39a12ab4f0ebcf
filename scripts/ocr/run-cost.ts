/**
 * The recogniser's CPU ms a run by line width and lines a run, on made-up line images (the cost does not depend on the
 * pixels), and whether widths that change from run to run cost more than one width: what a run costs besides its
 * columns (docs/benchmarks.md, OCR).
 *
 *   npx tsx --conditions=react-server scripts/ocr/run-cost.ts
 */
import { paddleSessions, releasePaddleSessions } from "../../lib/extraction/ocr/paddle/sessions";

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main(): Promise<void> {
  const s = await paddleSessions();
  const run = async (batch: number, width: number) => {
    const data = new Float32Array(batch * 3 * 48 * width);
    for (let i = 0; i < data.length; i += 1) data[i] = ((i * 7919) % 255) / 127.5 - 1;
    const feeds = { [s.recognition.inputNames[0]!]: new s.ort.Tensor("float32", data, [batch, 3, 48, width]) };
    await s.recognition.run(feeds);
  };
  for (const w of [8, 64, 128, 256]) await run(1, w);
  for (const [batch, width] of [[1, 8], [1, 16], [1, 32], [1, 64], [1, 128], [1, 256], [1, 512], [4, 64], [4, 128]] as const) {
    const reps = Math.max(5, Math.round(3000 / width / batch));
    const started = cpuMs();
    for (let r = 0; r < reps; r += 1) await run(batch, width);
    const ms = (cpuMs() - started) / reps;
    console.log(`batch ${batch} width ${width}: ${ms.toFixed(2)} CPU ms a run, ${((ms * 1000) / (batch * width)).toFixed(1)} µs a column`);
  }
  // Widths that change every run (as a page's lines do) against one width.
  for (const varying of [false, true]) {
    const started = cpuMs();
    for (let r = 0; r < 40; r += 1) await run(1, varying ? 96 + (r % 8) * 8 : 124);
    console.log(`${varying ? "varying" : "fixed"} widths ~124: ${((cpuMs() - started) / 40).toFixed(2)} CPU ms a run`);
  }
  await releasePaddleSessions();
}

void main();

/** pdfjs alone on the merged PDF: open + getPage + getTextContent for every page; min and median of N runs, wall and CPU. */
import { openPdf } from "../../lib/extraction/loaders/pdf-text-layer";
import { mergedPdf } from "./merged-pdf";

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 8);
  const bytes = await mergedPdf();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i <= runs; i += 1) {
    const c0 = process.cpuUsage();
    const s = performance.now();
    const doc = await openPdf(bytes);
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      await page.getTextContent({ disableNormalization: true });
      page.cleanup();
    }
    await doc.loadingTask.destroy();
    const c = process.cpuUsage(c0);
    if (i === 0) continue;
    wall.push(performance.now() - s);
    cpu.push((c.user + c.system) / 1000);
  }
  const f = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return `min ${s[0]!.toFixed(0)} med ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms (${(s[0]! / 108).toFixed(1)} ms/page at best)`; };
  console.log(`pdfjs wall ${f(wall)}; cpu ${f(cpu)}`);
}
void main();

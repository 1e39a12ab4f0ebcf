/** Random check: the pruned groupRows equals the original linear one. */
import { groupRows, type RawWord } from "../../lib/extraction/layout/build-page";

function original(words: RawWord[]): RawWord[][] {
  const sorted = [...words].filter((w) => w.text.trim() !== "").sort((a, b) => a.y + a.h / 2 - (b.y + b.h / 2));
  const rows: Array<{ centre: number; height: number; words: RawWord[] }> = [];
  for (const word of sorted) {
    const centre = word.y + word.h / 2;
    const row = rows.find((r) => Math.abs(r.centre - centre) <= 0.45 * Math.min(r.height, word.h));
    if (row) {
      row.words.push(word);
      row.centre = (row.centre * (row.words.length - 1) + centre) / row.words.length;
      row.height = Math.max(row.height, word.h);
    } else rows.push({ centre, height: word.h, words: [word] });
  }
  rows.sort((a, b) => a.centre - b.centre);
  return rows.map((r) => r.words.sort((a, b) => a.x - b.x));
}

let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
let cases = 0;
for (let t = 0; t < 20000; t += 1) {
  const n = 1 + Math.floor(rnd() * 80);
  const words: RawWord[] = Array.from({ length: n }, (_, i) => {
    const h = rnd() < 0.1 ? 5 + rnd() * 60 : 8 + rnd() * 4;
    const y = rnd() < 0.5 ? Math.floor(rnd() * 20) * 12 + rnd() * 3 : rnd() * 250;
    return { text: `w${i}`, x: rnd() * 500, y, w: 10, h, confidence: 1 };
  });
  const a = JSON.stringify(original(words));
  const b = JSON.stringify(groupRows(words));
  if (a !== b) throw new Error(`mismatch in case ${t}`);
  cases += 1;
}
console.log(`${cases} random pages: identical rows`);

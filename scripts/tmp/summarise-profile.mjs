// Summarises a .cpuprofile: self time by function and by file.
import { readFileSync } from "node:fs";
const prof = JSON.parse(readFileSync(process.argv[2], "utf8"));
const top = Number(process.argv[3] ?? 40);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map(), file = new Map();
const short = (u) => u.replace(/^file:\/\/\/work\/wt-perf\//, "").replace(/.*node_modules\//, "nm/");
for (const [id, t] of self) {
  const n = byId.get(id); const cf = n.callFrame;
  const f = short(cf.url || "(native)");
  const k = `${cf.functionName || "(anon)"} ${f}:${cf.lineNumber + 1}`;
  fn.set(k, (fn.get(k) ?? 0) + t); file.set(f, (file.get(f) ?? 0) + t);
}
// inclusive time by function (count each sample once per distinct function on its stack)
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of self) {
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const cf = byId.get(cur).callFrame; const k = `${cf.functionName || "(anon)"} ${short(cf.url || "(native)")}:${cf.lineNumber + 1}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); }
}
const pr = (m, title) => { console.log(`\n== ${title}`); for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(t / 1000).toFixed(0).padStart(7)} ms ${(100 * t / total).toFixed(1).padStart(5)}%  ${k}`); };
console.log(`total ${(total / 1000).toFixed(0)} ms`);
pr(file, "self by file"); pr(fn, "self by function"); pr(incl, "inclusive by function");

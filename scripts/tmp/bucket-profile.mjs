import { readFileSync, readdirSync } from "node:fs";
const [dir, bundle] = process.argv.slice(2);
const file = readdirSync(dir).map((f) => `${dir}/${f}`).sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
const prof = JSON.parse(readFileSync(file, "utf8"));
const lines = readFileSync(bundle, "utf8").split("\n");
const marks = []; lines.forEach((l, i) => { const m = /^\/\/ (lib\/extraction\/\S+|scripts\/\S+)/.exec(l); if (m) marks.push([i + 1, m[1]]); });
const moduleAt = (line) => { let mod = "?"; for (const [l, m] of marks) { if (l <= line) mod = m; else break; } return mod; };
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map(); for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
const bucket = new Map(); let total = 0;
const add = (k, t) => bucket.set(k, (bucket.get(k) ?? 0) + t);
for (const [id, t] of self) {
  const cf = byId.get(id).callFrame; const url = cf.url;
  if (cf.functionName === "(idle)" || cf.functionName === "(program)") continue;
  total += t;
  // ancestors
  const anc = []; let cur = id; while (cur !== undefined) { anc.push(byId.get(cur).callFrame); cur = parent.get(cur); }
  const has = (fn, u) => anc.some((a) => a.functionName === fn && (!u || a.url.includes(u)));
  if (cf.functionName === "(garbage collector)") add("GC", t);
  else if (has("translateFont", "pdf.worker")) add("pdfjs: font parsing (translateFont)", t);
  else if (has("checkPdfStreams")) add("ours: pdf-guard (inflate to count)", t);
  else if (url.includes(bundle.split("/").pop())) { const mod = moduleAt(cf.lineNumber + 1); add(`ours: ${mod.replace("lib/extraction/", "")}`, t); }
  else if (url.includes("pdf.worker")) add("pdfjs worker: content stream → text items", t);
  else if (url.includes("pdf.mjs") && (cf.functionName === "postMessage" || has("postMessage", "pdf.mjs"))) add("pdfjs main: LoopbackPort structuredClone", t);
  else if (url.includes("pdf.mjs") && (cf.functionName === "push" || has("push", "pdf.mjs"))) add("pdfjs core-js Array push polyfill", t);
  else if (url.includes("pdf.mjs")) add("pdfjs main: API/streams", t);
  else if (url.includes("zlib") || url.includes("webstreams") || has("asyncGetBytesFromDecompressionStream") || cf.functionName === "writeSync") add("inflate (zlib + web streams)", t);
  else if (cf.functionName === "set length") add("pdfjs core-js Array push polyfill", t);
  else if (url.startsWith("node:internal/modules") || url.includes("cjs") || cf.functionName === "compileSourceTextModule" || cf.functionName === "readFileUtf8") add("module loading (start-up)", t);
  else add(`other: ${cf.functionName || "(anon)"} ${url.split("/").slice(-1)[0]}`, t);
}
console.log(`busy ${(total / 1000).toFixed(0)} ms`);
for (const [k, t] of [...bucket].sort((a, b) => b[1] - a[1]).slice(0, 22)) console.log(`${(100 * t / total).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`);

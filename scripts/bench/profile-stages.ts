// Breaks a V8 CPU profile of the server (scripts/bench/profile-api.ts) down per request stage. Frames in the build's
// chunks are mapped back to their source files through the chunks' source maps, so a sample is charged to the stage
// of the innermost Quarry source file on its stack (proxy.ts, lib/http/authenticate.ts, lib/services/rate-limit.ts,
// …); a sample with no Quarry frame (an async continuation inside a library, the socket read loop) is charged by the
// library it is in (Next's routing, Drizzle, pg). The table lists each stage's share of all samples of the window.
import fs from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** A frame placed in the source: its file (repository-relative for our code) and 1-based line. */
type Place = { source: string; line: number; functionName: string };

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null = null;
    try {
      const file = fileURLToPath(url);
      if (file.includes("/.next/") && fs.existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url) ?? null;
}

function place(frame: CallFrame): Place {
  const map = frame.url.startsWith("file://") ? sourceMapOf(frame.url) : null;
  if (map && frame.lineNumber >= 0) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number };
    if (entry.originalSource) {
      const source = entry.originalSource.replace(/^.*?(?:\.\.\/)+/, "").replace(/^\[project\]\//, "");
      return { source, line: (entry.originalLine ?? 0) + 1, functionName: frame.functionName };
    }
  }
  return { source: frame.url.replace(/^file:\/\/.*?\/(node_modules|\.next)\//, "$1/"), line: frame.lineNumber + 1, functionName: frame.functionName };
}

export const STAGES = [
  "proxy.ts (middleware) and Next's middleware adapter",
  "Next routing, request and response plumbing",
  "authentication (key lookup)",
  "rate-limit upsert",
  "service (listParsers + toParser)",
  "response validation (zod)",
  "serialisation (JSON, ETag, headers)",
  "handler wrapper (other)",
  "Drizzle (query building, row mapping)",
  "pg driver (protocol, sockets)",
  "job queue (pg-boss polling) and other background",
  "garbage collection",
  "Node HTTP, streams, timers (other)",
] as const;
export type Stage = (typeof STAGES)[number];

const sourceLines = new Map<string, string[]>();

function sourceLine(at: Place): string {
  if (!sourceLines.has(at.source)) sourceLines.set(at.source, fs.existsSync(at.source) ? fs.readFileSync(at.source, "utf8").split("\n") : []);
  return sourceLines.get(at.source)![at.line - 1] ?? "";
}

/**
 * Inside the handler wrapper (minified into one function, so its own lines do not tell its steps apart) the step is
 * told by what it called: zod's `parse` is the response check (requests go through `safeParse`), undici's
 * Response/Headers, hashing and caching.ts are the answer being built, Next's runtime is its request tracking.
 */
function handlerStep(callee: Place | undefined): Stage {
  if (!callee) return STAGES[7];
  if (/node_modules\/zod\//.test(callee.source)) return /safeParse/.test(sourceLine(callee)) ? STAGES[7] : STAGES[5];
  if (/undici|crypto|^lib\/http\/caching\.ts/.test(callee.source) || callee.functionName === "stringify") return STAGES[6];
  if (/node_modules\/next\//.test(callee.source)) return STAGES[1];
  return STAGES[7];
}

/** The stage of a Quarry source frame (`callee` is the frame it called), or null when the file is not one of the stages'. */
function ourStage(at: Place, callee: Place | undefined): Stage | null {
  const { source } = at;
  if (source === "proxy.ts") return STAGES[0];
  if (/^lib\/http\/authenticate\.ts|^lib\/services\/api-keys|^lib\/auth\//.test(source)) return STAGES[2];
  if (/^lib\/services\/rate-limit/.test(source)) return STAGES[3];
  if (/^lib\/services\/(?:parsers|access|context)|^app\/api\/v1\//.test(source)) return STAGES[4];
  if (/^lib\/http\/caching\.ts/.test(source)) return STAGES[6];
  if (source === "lib/http/handler.ts") return handlerStep(callee);
  if (/^lib\/http\//.test(source)) return STAGES[7];
  return null;
}

function libraryStage(stack: Place[]): Stage {
  const sources = stack.map((at) => at.source);
  const has = (pattern: RegExp) => sources.some((source) => pattern.test(source));
  if (has(/pg-boss/)) return STAGES[10];
  // Only the middleware's own machinery: NextRequest and the rest of server/web/ serve route handlers too.
  if (has(/next\/dist\/server\/web\/adapter|middleware/) || stack.some((at) => /runMiddleware|getMiddleware|handleCatchallMiddlewareRequest/.test(at.functionName))) return STAGES[0];
  // Zod frames with no Quarry caller on the stack: the parse continued after an await inside the handler.
  if (has(/drizzle-orm/)) return STAGES[8];
  if (has(/node_modules\/(?:pg|pg-protocol|pg-pool|pg-types)\//)) return STAGES[9];
  if (has(/node_modules\/next\//)) return STAGES[1];
  return STAGES[12];
}

/** Stages of every sample between `fromMs` and `toMs` after the profile's start (the measured window). */
export function stageTimes(profile: CpuProfile, window: { fromMs: number; toMs: number } = { fromMs: 0, toMs: Infinity }): Map<Stage, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stageOfNode = new Map<number, Stage | "idle">();
  const totals = new Map<Stage, number>();
  let elapsedUs = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    elapsedUs += delta;
    if (elapsedUs / 1000 < window.fromMs || elapsedUs / 1000 > window.toMs) return;
    let stage = stageOfNode.get(id);
    if (!stage) {
      const leaf = byId.get(id)!.callFrame.functionName;
      if (leaf === "(idle)" || leaf === "(program)" || leaf === "(root)") stage = "idle";
      else if (leaf === "(garbage collector)") stage = STAGES[11];
      else {
        const stack: Place[] = [];
        for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) stack.push(place(byId.get(current)!.callFrame));
        // lib/http's CORS, method and path helpers serve both the proxy and the route files: the caller decides.
        stage = stack.some((at) => at.source === "proxy.ts") ? STAGES[0] : (stack.map((at, index) => ourStage(at, stack[index - 1])).find((found) => found !== null) ?? libraryStage(stack));
      }
      stageOfNode.set(id, stage);
    }
    if (stage !== "idle") totals.set(stage, (totals.get(stage) ?? 0) + delta / 1000);
  });
  return totals;
}

export function summariseProfile(profile: CpuProfile, window?: { fromMs: number; toMs: number }, requests?: number): string {
  const totals = stageTimes(profile, window);
  const busy = [...totals.values()].reduce((sum, ms) => sum + ms, 0);
  const lines = [
    `CPU busy in the window: ${(busy / 1000).toFixed(1)} s${requests ? ` for ${requests} requests (${((busy * 1000) / requests).toFixed(0)} µs each)` : ""}`,
    "",
    `| stage | share of busy CPU |${requests ? " µs per request |" : ""}`,
    `|---|---:|${requests ? "---:|" : ""}`,
  ];
  for (const stage of STAGES) {
    const ms = totals.get(stage) ?? 0;
    lines.push(`| ${stage} | ${((100 * ms) / busy).toFixed(1)} % |${requests ? ` ${((ms * 1000) / requests).toFixed(0)} |` : ""}`);
  }
  return lines.join("\n");
}

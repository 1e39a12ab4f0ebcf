/**
 * Per-stage timing of the engine for the benchmark (`npm run bench:extract -- --stages`). Off unless a recording is
 * running, so the product pays a closure and a null check per stage call. Stages nest (a field finder runs inside
 * "fields", the scorer inside a finder): each stage is charged its own time only, the time of the stages it ran is
 * theirs, so the stages of one extraction add up to the time it took. One extraction at a time (the benchmark runs them
 * in turn); an await inside a stage is charged to that stage. Times are the process's CPU time, not the wall clock: on
 * a machine shared with other work, waiting for a core is nobody's stage.
 */
type Open = { stage: string; started: number; inner: number };

/** The process's CPU time so far, in ms (µs resolution). */
function cpuNow(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

let recording: { selfMs: Map<string, number>; calls: Map<string, number>; open: Open[] } | null = null;

/** Starts recording (clearing what was recorded before). */
export function startStageRecording(): void {
  recording = { selfMs: new Map(), calls: new Map(), open: [] };
}

/** Stops recording and returns each stage's own CPU time in ms and how often it ran. */
export function stopStageRecording(): { selfMs: Map<string, number>; calls: Map<string, number> } {
  const done = recording ?? { selfMs: new Map(), calls: new Map() };
  recording = null;
  return { selfMs: done.selfMs, calls: done.calls };
}

function enter(stage: string): Open {
  const open = { stage, started: cpuNow(), inner: 0 };
  recording?.open.push(open);
  return open;
}

function leave(open: Open): void {
  if (!recording) return;
  const elapsed = cpuNow() - open.started;
  recording.open.pop();
  recording.selfMs.set(open.stage, (recording.selfMs.get(open.stage) ?? 0) + elapsed - open.inner);
  recording.calls.set(open.stage, (recording.calls.get(open.stage) ?? 0) + 1);
  const parent = recording.open.at(-1);
  if (parent) parent.inner += elapsed;
}

/** Runs `work` as the named stage. */
export function timed<T>(stage: string, work: () => T): T {
  if (!recording) return work();
  const open = enter(stage);
  try {
    return work();
  } finally {
    leave(open);
  }
}

/** Runs asynchronous `work` as the named stage (its awaits included). */
export async function timedAsync<T>(stage: string, work: () => Promise<T>): Promise<T> {
  if (!recording) return work();
  const open = enter(stage);
  try {
    return await work();
  } finally {
    leave(open);
  }
}

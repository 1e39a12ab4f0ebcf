/**
 * Stopping a document safely while ONNX Runtime may be inside a native run. Terminating a worker thread in the middle
 * of `session.run` aborts the whole process ("terminate called after throwing an instance of 'Napi::Error'": the
 * run returns into a dying environment); terminating it between runs is harmless. So a timed-out document is first
 * asked to stop (a flag in shared memory that every run checks before it starts), and its thread is terminated
 * only once no run is in flight.
 */

const STOP = 0;
const IN_RUN = 1;

/** Shared between the pool (main thread) and the worker running one document. */
export type RunControl = Int32Array;

export class RunStoppedError extends Error {}

export function newRunControl(): RunControl {
  return new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
}

let current: RunControl | null = null;

/** The control of the document this thread is running (set by the worker task; none outside the pool). */
export function setRunControl(control: RunControl | null): void {
  current = control;
}

/**
 * Runs one native call (a session's creation or an inference) unless the document was asked to stop; counts it in
 * flight meanwhile.
 */
export async function guardedRun<T>(run: () => Promise<T>): Promise<T> {
  const control = current;
  if (!control) return run();
  // Mark first, then check: with sequentially consistent atomics the pool either sees the mark or this sees the stop.
  Atomics.add(control, IN_RUN, 1);
  try {
    if (Atomics.load(control, STOP) === 1) throw new RunStoppedError("The document was stopped");
    return await run();
  } finally {
    Atomics.sub(control, IN_RUN, 1);
  }
}

/** Asks the document to stop before its next run. */
export function requestStop(control: RunControl): void {
  Atomics.store(control, STOP, 1);
}

export function inNativeRun(control: RunControl): boolean {
  return Atomics.load(control, IN_RUN) > 0;
}

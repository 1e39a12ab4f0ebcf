import { afterEach, describe, expect, it } from "vitest";
import { guardedRun, inNativeRun, newRunControl, requestStop, RunStoppedError, setRunControl } from "./run-guard";

describe("stop guard around native ONNX calls", () => {
  afterEach(() => setRunControl(null));

  it("counts calls in flight, so the pool waits for every one before terminating the thread", async () => {
    const control = newRunControl();
    setRunControl(control);
    let release: () => void = () => undefined;
    const first = guardedRun(() => new Promise<number>((resolve) => (release = () => resolve(1))));
    const second = guardedRun(async () => 2);
    expect(inNativeRun(control)).toBe(true);
    expect(await second).toBe(2);
    expect(inNativeRun(control)).toBe(true);
    release();
    expect(await first).toBe(1);
    expect(inNativeRun(control)).toBe(false);
  });

  it("refuses to start a call once the document was asked to stop", async () => {
    const control = newRunControl();
    setRunControl(control);
    requestStop(control);
    let started = false;
    await expect(guardedRun(async () => (started = true))).rejects.toBeInstanceOf(RunStoppedError);
    expect(started).toBe(false);
    expect(inNativeRun(control)).toBe(false);
  });

  it("runs unguarded outside the pool", async () => {
    expect(await guardedRun(async () => "ok")).toBe("ok");
  });
});

import { describe, expect, it } from "vitest";
import { startStageRecording, stopStageRecording, timed, timedAsync } from "./stage-timing";

/** Burns about `ms` of CPU time. */
function spin(ms: number): void {
  const started = process.cpuUsage();
  while (true) {
    const used = process.cpuUsage(started);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

describe("stage timing", () => {
  it("records nothing and returns the work's value when no recording runs", () => {
    expect(timed("outer", () => 42)).toBe(42);
    startStageRecording();
    expect(stopStageRecording().calls.size).toBe(0);
  });

  it("charges a nested stage to itself, not to the stage it ran in", async () => {
    startStageRecording();
    const value = await timedAsync("outer", async () => {
      spin(20);
      const inner = timed("inner", () => {
        spin(30);
        return 1;
      });
      timed("inner", () => spin(10));
      return inner + 1;
    });
    const { selfMs, calls } = stopStageRecording();
    expect(value).toBe(2);
    expect(calls.get("outer")).toBe(1);
    expect(calls.get("inner")).toBe(2);
    expect(selfMs.get("inner")!).toBeGreaterThanOrEqual(40);
    expect(selfMs.get("outer")!).toBeGreaterThanOrEqual(20);
    // The outer stage's own time leaves out the 40 ms spent in its inner stages.
    expect(selfMs.get("outer")!).toBeLessThan(40);
  });

  it("closes a stage whose work throws", () => {
    startStageRecording();
    expect(() => timed("failing", () => { throw new Error("no"); })).toThrow("no");
    timed("after", () => spin(1));
    const { calls } = stopStageRecording();
    expect(calls.get("failing")).toBe(1);
    expect(calls.get("after")).toBe(1);
  });
});

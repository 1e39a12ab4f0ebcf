import { describe, expect, it } from "vitest";
import { modelInForce } from "./in-force";

describe("modelInForce", () => {
  it("puts a model in force for one run and restores the one before, also when the run throws", async () => {
    const inForce = modelInForce<string>(null);
    expect(inForce.withModel("left-out", () => inForce.current())).toBe("left-out");
    expect(() => inForce.withModel("broken", () => { throw new Error("run failed"); })).toThrow("run failed");
    expect(inForce.current()).toBeNull();
    await expect(inForce.withModelAsync("async", async () => inForce.current())).resolves.toBe("async");
    expect(inForce.current()).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { clampPosition, placeAt, positionChanges } from "./positions";

describe("stage positions", () => {
  it("clamps a position into 1..n, defaulting to last", () => {
    expect(clampPosition(undefined, 3)).toBe(3);
    expect(clampPosition(9, 3)).toBe(3);
    expect(clampPosition(0, 3)).toBe(1);
    expect(clampPosition(2, 3)).toBe(2);
    expect(clampPosition(undefined, 0)).toBe(1);
  });

  it("inserts a new id at a position, or last", () => {
    expect(placeAt({ order: ["a", "b", "c"], id: "x", position: undefined })).toEqual(["a", "b", "c", "x"]);
    expect(placeAt({ order: ["a", "b", "c"], id: "x", position: 1 })).toEqual(["x", "a", "b", "c"]);
    expect(placeAt({ order: ["a", "b", "c"], id: "x", position: 3 })).toEqual(["a", "b", "x", "c"]);
    expect(placeAt({ order: ["a", "b", "c"], id: "x", position: 99 })).toEqual(["a", "b", "c", "x"]);
    expect(placeAt({ order: [], id: "x", position: 5 })).toEqual(["x"]);
  });

  it("moves an existing id up and down", () => {
    expect(placeAt({ order: ["a", "b", "c", "d"], id: "d", position: 1 })).toEqual(["d", "a", "b", "c"]);
    expect(placeAt({ order: ["a", "b", "c", "d"], id: "a", position: 3 })).toEqual(["b", "c", "a", "d"]);
    expect(placeAt({ order: ["a", "b", "c", "d"], id: "b", position: 2 })).toEqual(["a", "b", "c", "d"]);
    expect(placeAt({ order: ["a", "b", "c", "d"], id: "b", position: 10 })).toEqual(["a", "c", "d", "b"]);
  });

  it("lists only the rows that must change to become contiguous", () => {
    const rows = [
      { id: "a", position: 1 },
      { id: "c", position: 3 },
      { id: "d", position: 4 },
    ];
    expect(positionChanges(rows, ["a", "c", "d"])).toEqual([
      { id: "c", position: 2 },
      { id: "d", position: 3 },
    ]);
    expect(positionChanges(rows, ["x", "a", "c", "d"])).toEqual([
      { id: "x", position: 1 },
      { id: "a", position: 2 },
    ]);
    expect(positionChanges([{ id: "a", position: 1 }], ["a"])).toEqual([]);
  });
});

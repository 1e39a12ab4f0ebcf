import { describe, expect, it } from "vitest";
import { boxInScannedFrame, sourcesInScannedFrame } from "./source-frame";
import type { PageModel } from "./types";

// A box in the top-left corner of the upright page, wider than tall (a word).
const upright = { x: 0.1, y: 0.2, w: 0.3, h: 0.05 };

describe("boxInScannedFrame", () => {
  it("leaves upright pages alone", () => {
    expect(boxInScannedFrame(upright, 0)).toEqual(upright);
  });

  it("undoes a clockwise quarter turn: the word stands on the scan's left edge, reading upwards", () => {
    // Turning the scan 90° clockwise made it upright, so the scan is the upright page turned counter-clockwise.
    const box = boxInScannedFrame(upright, 90);
    expect(box.x).toBeCloseTo(0.2);
    expect(box.y).toBeCloseTo(0.6);
    expect(box.w).toBeCloseTo(0.05);
    expect(box.h).toBeCloseTo(0.3);
  });

  it("undoes a half turn: the word sits in the bottom-right corner", () => {
    const box = boxInScannedFrame(upright, 180);
    expect(box.x).toBeCloseTo(0.6);
    expect(box.y).toBeCloseTo(0.75);
    expect(box.w).toBeCloseTo(0.3);
  });

  it("undoes a three-quarter turn: the word stands on the scan's right edge", () => {
    const box = boxInScannedFrame(upright, 270);
    expect(box.x).toBeCloseTo(0.75);
    expect(box.y).toBeCloseTo(0.1);
    expect(box.h).toBeCloseTo(0.3);
  });

  it("is undone by the opposite turn", () => {
    expect(boxInScannedFrame(boxInScannedFrame(upright, 90), 270)).toEqual(
      expect.objectContaining({ x: expect.closeTo(0.1), y: expect.closeTo(0.2), w: expect.closeTo(0.3), h: expect.closeTo(0.05) }),
    );
  });
});

describe("sourcesInScannedFrame", () => {
  const model: PageModel = {
    pages: [
      { number: 1, width: 100, height: 200, source: "text-layer", blocks: [] },
      { number: 2, width: 200, height: 100, source: "ocr", rotation: 180, blocks: [] },
    ],
  };

  it("maps field and cell sources of turned pages only", () => {
    const out = sourcesInScannedFrame(
      {
        total: { confidence: 0.9, source: { page: 2, ...upright }, raw: "9.50" },
        number: { confidence: 0.9, source: { page: 1, ...upright } },
        items: { confidence: 0.7, source: { page: 2, ...upright }, rows: [{ amount: { confidence: 0.6, source: { page: 2, ...upright } } }] },
      },
      model,
    );
    expect(out.total?.source).toEqual(expect.objectContaining({ page: 2, x: expect.closeTo(0.6), y: expect.closeTo(0.75) }));
    expect(out.number?.source).toEqual({ page: 1, ...upright });
    const items = out.items;
    expect(items && "rows" in items ? items.rows[0]?.amount?.source?.x : null).toBeCloseTo(0.6);
  });
});

import { describe, expect, it } from "vitest";
import { walkOperators, type Matrix, type MatrixOps } from "./pdf-matrix";

const CODES: MatrixOps = { save: 10, restore: 11, transform: 12, paintFormXObjectBegin: 74, paintFormXObjectEnd: 75 };
const PAINT = 85;
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function paintedAt(fnArray: number[], argsArray: unknown[]): Matrix[] {
  const seen: Matrix[] = [];
  walkOperators({ fnArray, argsArray }, CODES, IDENTITY, (fn, _args, ctm) => {
    if (fn === PAINT) seen.push(ctm);
  });
  return seen;
}

describe("walkOperators", () => {
  it("hands each operator the matrix in force: cm inside a save is undone by its restore", () => {
    const fns = [CODES.save, CODES.transform, PAINT, CODES.restore, PAINT];
    const args = [null, [2, 0, 0, 2, 10, 20], null, null, null];
    expect(paintedAt(fns, args)).toEqual([[2, 0, 0, 2, 10, 20], IDENTITY]);
  });

  it("applies a form XObject's matrix while the form paints, and drops it at the form's end", () => {
    const fns = [CODES.transform, CODES.paintFormXObjectBegin, PAINT, CODES.paintFormXObjectEnd, PAINT];
    const args = [[1, 0, 0, 1, 100, 0], [new Float32Array([1, 0, 0, 1, 0, 50]), null], null, null, null];
    expect(paintedAt(fns, args)).toEqual([[1, 0, 0, 1, 100, 50], [1, 0, 0, 1, 100, 0]]);
  });

  it("keeps the matrix on an unbalanced restore", () => {
    expect(paintedAt([CODES.transform, CODES.restore, PAINT], [[3, 0, 0, 3, 0, 0], null, null])).toEqual([[3, 0, 0, 3, 0, 0]]);
  });
});

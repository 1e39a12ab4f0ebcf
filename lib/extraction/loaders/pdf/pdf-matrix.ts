/** PDF transformation matrices [a b c d e f], as content streams (`cm`) and pdfjs viewports give them. */
export type Matrix = [number, number, number, number, number, number];

/** `n` applied first, then `m`: a content stream's `cm` concatenated onto the current matrix. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** A point through the matrix. */
export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The pdfjs operator codes that move the current matrix (pdfjs's `OPS` carries them). */
export type MatrixOps = { save: number; restore: number; transform: number; paintFormXObjectBegin: number; paintFormXObjectEnd: number };

/**
 * Walks a pdfjs operator list keeping the current transformation matrix: saves and restores, `cm`, and the matrix
 * of each form XObject while it paints. Every other operator is handed to `visit` with the matrix in force.
 */
export function walkOperators(
  ops: { fnArray: number[]; argsArray: unknown[] },
  codes: MatrixOps,
  start: Matrix,
  visit: (fn: number, args: unknown[] | null, ctm: Matrix, index: number) => void,
): void {
  const stack: Matrix[] = [];
  let ctm = start;
  for (let i = 0; i < ops.fnArray.length; i += 1) {
    const fn = ops.fnArray[i]!;
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === codes.save) stack.push(ctm);
    else if (fn === codes.restore || fn === codes.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === codes.transform && args) ctm = multiply(ctm, args as Matrix);
    else if (fn === codes.paintFormXObjectBegin && args) {
      stack.push(ctm);
      if (Array.isArray(args[0]) || ArrayBuffer.isView(args[0])) ctm = multiply(ctm, Array.from(args[0] as ArrayLike<number>) as Matrix);
    } else visit(fn, args, ctm, i);
  }
}

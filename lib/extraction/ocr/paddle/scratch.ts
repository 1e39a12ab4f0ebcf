/**
 * A float buffer kept for one kind of network input and lent out again for the next run, instead of a new typed array
 * a run: a page makes a detector input of up to 11 MB and ~80 line inputs, and every fresh buffer is external memory
 * that counts towards V8's next full collection. The runtime reads an input only during its run, so the next run may
 * overwrite it.
 */
export class FloatScratch {
  private buffer = new Float32Array(0);

  /** A view of `length` floats, zeroed when `zeroed` (otherwise holding an earlier run's numbers). */
  take(length: number, options: { zeroed: boolean }): Float32Array {
    if (this.buffer.length < length) this.buffer = new Float32Array(Math.max(length, Math.ceil(this.buffer.length * 1.5)));
    const view = this.buffer.subarray(0, length);
    if (options.zeroed) view.fill(0);
    return view;
  }
}

/**
 * On Node pdfjs runs its worker in this thread and passes every message through a `LoopbackPort`, which deep-copies
 * it with `structuredClone` as a real worker's port would. For a text layer that copy is most of the plumbing: each
 * batch of text items (strings, a transform array and a few numbers per run) is cloned item by item, then dropped
 * (about a twentieth of a text-layer page's CPU, and its garbage).
 *
 * A text-content batch needs no deep copy: after sending it the worker starts a new items array and a new styles
 * object (`enqueueChunk`) and never writes to the items it sent, which are plain objects built for the batch. So a
 * batch is handed over as a copy of its envelope and of the chunk (the two objects the worker reuses) holding the
 * same items and styles. A message of primitives only is copied key by key, which is what the deep copy gives too;
 * every other message (operator lists, whose arrays the worker empties and refills, pages, annotations, errors) is
 * cloned as before.
 */

/** A text-content batch as the worker's stream sink sends it: `{ …, stream: ENQUEUE, chunk: { items, styles, lang } }`. */
type TextChunkMessage = { stream: unknown; chunk: { items: unknown[]; styles: object; lang?: unknown } };

/** pdfjs's StreamKind.ENQUEUE (src/shared/message_handler.js). */
const ENQUEUE = 4;

export function isTextChunkMessage(message: unknown): message is TextChunkMessage {
  if (typeof message !== "object" || message === null || (message as { stream?: unknown }).stream !== ENQUEUE) return false;
  const chunk = (message as { chunk?: unknown }).chunk;
  if (typeof chunk !== "object" || chunk === null) return false;
  const { items, styles } = chunk as { items?: unknown; styles?: unknown };
  if (!Array.isArray(items) || typeof styles !== "object" || styles === null) return false;
  // Only what the worker builds for a batch: its own keys, no typed arrays or buffers a real port would transfer.
  return Object.keys(chunk).every((key) => key === "items" || key === "styles" || key === "lang");
}

/** The batch as the receiving side gets it: the envelope and chunk copied, the items and styles the worker's own. */
export function shallowTextChunk(message: TextChunkMessage): TextChunkMessage {
  return { ...message, chunk: { ...message.chunk } };
}

/**
 * A message of primitives only (a stream's pull, start, close and cancel signals, most replies' envelopes): a copy of
 * its own keys is exactly what a deep copy would give, without the deep copy's fixed cost per call.
 */
export function isFlatMessage(message: unknown): message is Record<string, unknown> {
  if (typeof message !== "object" || message === null || Object.getPrototypeOf(message) !== Object.prototype) return false;
  for (const key in message) {
    const value = (message as Record<string, unknown>)[key];
    if ((typeof value === "object" && value !== null) || typeof value === "function" || typeof value === "symbol") return false;
  }
  return true;
}

/** The copy a message gets instead of structuredClone's, or null when it needs the deep copy. */
function cheapCopy(message: unknown): (() => unknown) | null {
  if (isTextChunkMessage(message)) return () => shallowTextChunk(message);
  if (isFlatMessage(message)) return () => ({ ...message });
  return null;
}

type Port = { postMessage(message: unknown, transfer?: Transferable[]): void };

const patched = new WeakSet<object>();

/**
 * Wraps the port class's postMessage so a text-content batch or a flat message skips the deep copy. The class keeps its listeners in
 * private fields, so the wrapper calls the original with `structuredClone` swapped for the shallow copy for the length
 * of that one synchronous call (nothing else runs in between on this thread).
 */
export function patchTextChunkCopies(prototype: Port): void {
  if (patched.has(prototype)) return;
  const original = prototype.postMessage;
  prototype.postMessage = function postMessage(this: Port, message: unknown, transfer?: Transferable[]) {
    const copy = transfer && transfer.length > 0 ? null : cheapCopy(message);
    if (!copy) return original.call(this, message, transfer);
    const deepCopy = globalThis.structuredClone;
    globalThis.structuredClone = copy as typeof structuredClone;
    try {
      return original.call(this, message, transfer);
    } finally {
      globalThis.structuredClone = deepCopy;
    }
  };
  patched.add(prototype);
}

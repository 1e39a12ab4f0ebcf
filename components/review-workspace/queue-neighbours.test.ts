import { describe, expect, it } from "vitest";
import { neighboursIn, type QueueSnapshot } from "./queue-neighbours";

const item = (id: string) => ({ parserId: "p", documentId: id, name: `${id}.pdf` });
const queue: QueueSnapshot = { items: ["a", "b", "c", "d"].map(item), total: 7 };

describe("neighboursIn", () => {
  it("answers the documents around this one and its place in the whole queue", () => {
    expect(neighboursIn(queue, "b", new Set())).toEqual({ previous: item("a"), next: item("c"), position: { index: 2, total: 7 } });
  });

  it("leaves out documents decided since the queue was read, in the neighbours and in the count", () => {
    expect(neighboursIn(queue, "b", new Set(["a"]))).toEqual({ previous: null, next: item("c"), position: { index: 1, total: 6 } });
    expect(neighboursIn(queue, "b", new Set(["a", "c"]))).toEqual({ previous: null, next: item("d"), position: { index: 1, total: 5 } });
  });

  it("never leaves out the document itself", () => {
    expect(neighboursIn(queue, "b", new Set(["b"]))).toEqual({ previous: item("a"), next: item("c"), position: { index: 2, total: 7 } });
  });

  it("gives a document that is not in my queue the queue's first one as its next", () => {
    expect(neighboursIn(queue, "z", new Set(["a"]))).toEqual({ previous: null, next: item("b"), position: null });
    expect(neighboursIn({ items: [], total: 0 }, "z", new Set())).toEqual({ previous: null, next: null, position: null });
  });
});

import { describe, expect, it } from "vitest";
import { toastReducer, type ToastItem } from "./toast-queue";

const item = (id: string): ToastItem => ({ id, title: `Toast ${id}`, tone: "info" });

describe("toastReducer", () => {
  it("appends new toasts in order", () => {
    const state = toastReducer(toastReducer([], { type: "add", toast: item("1") }), { type: "add", toast: item("2") });
    expect(state.map((t) => t.id)).toEqual(["1", "2"]);
  });

  it("drops the oldest toasts beyond the maximum", () => {
    let state: ToastItem[] = [];
    for (const id of ["1", "2", "3", "4"]) state = toastReducer(state, { type: "add", toast: item(id) }, 3);
    expect(state.map((t) => t.id)).toEqual(["2", "3", "4"]);
  });

  it("replaces a toast re-added with the same id", () => {
    const state = toastReducer([item("1"), item("2")], { type: "add", toast: { ...item("1"), title: "Updated" } });
    expect(state.map((t) => [t.id, t.title])).toEqual([
      ["2", "Toast 2"],
      ["1", "Updated"],
    ]);
  });

  it("dismisses by id and ignores unknown ids", () => {
    const state = [item("1"), item("2")];
    expect(toastReducer(state, { type: "dismiss", id: "1" }).map((t) => t.id)).toEqual(["2"]);
    expect(toastReducer(state, { type: "dismiss", id: "nope" })).toEqual(state);
  });

  it("clears everything", () => {
    expect(toastReducer([item("1")], { type: "clear" })).toEqual([]);
  });
});

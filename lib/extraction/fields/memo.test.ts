import { describe, expect, it } from "vitest";
import { memoPerOwner, memoPerOwnerAndKey } from "./memo";

describe("memoPerOwnerAndKey", () => {
  it("computes once per owner and key, and apart for other owners and keys", () => {
    const memo = memoPerOwnerAndKey<object, string, number>();
    const a = {};
    const b = {};
    let calls = 0;
    const compute = () => ++calls;
    expect(memo(a, "x", compute)).toBe(1);
    expect(memo(a, "x", compute)).toBe(1);
    expect(memo(a, "y", compute)).toBe(2);
    expect(memo(b, "x", compute)).toBe(3);
    expect(calls).toBe(3);
  });

  it("keeps a computed undefined rather than computing again", () => {
    const memo = memoPerOwnerAndKey<object, number, undefined>();
    const owner = {};
    let calls = 0;
    memo(owner, 1, () => void calls++);
    memo(owner, 1, () => void calls++);
    expect(calls).toBe(1);
  });
});

describe("memoPerOwner", () => {
  it("computes once per owner", () => {
    const memo = memoPerOwner<object, string>();
    const owner = {};
    let calls = 0;
    expect(memo(owner, () => `v${++calls}`)).toBe("v1");
    expect(memo(owner, () => `v${++calls}`)).toBe("v1");
    expect(memo({}, () => `v${++calls}`)).toBe("v2");
  });
});

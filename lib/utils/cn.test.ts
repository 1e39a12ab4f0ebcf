import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins class names and skips falsy values", () => {
    const off = false;
    expect(cn("a", off && "b", null, undefined, "c")).toBe("a c");
  });

  it("supports object and array inputs", () => {
    expect(cn(["px-2", { "py-1": true, hidden: false }])).toBe("px-2 py-1");
  });

  it("lets a later Tailwind utility override an earlier one", () => {
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    expect(cn("rounded-md", "rounded-full")).toBe("rounded-full");
  });

  it("treats design-token colours as colours", () => {
    expect(cn("bg-surface", "bg-accent")).toBe("bg-accent");
    expect(cn("text-muted", "text-ink")).toBe("text-ink");
    expect(cn("border-line", "border-line-strong")).toBe("border-line-strong");
    expect(cn("hover:bg-subtle", "hover:bg-accent-hover")).toBe("hover:bg-accent-hover");
  });

  it("does not confuse font size with text colour", () => {
    expect(cn("text-sm text-ink", "text-muted")).toBe("text-sm text-muted");
    expect(cn("text-sm text-ink", "text-xs")).toBe("text-ink text-xs");
  });

  it("does not confuse border width with border colour", () => {
    expect(cn("border border-line", "border-danger")).toBe("border border-danger");
  });
});

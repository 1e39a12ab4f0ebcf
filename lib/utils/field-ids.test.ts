import { describe, expect, it } from "vitest";
import { describedBy, fieldIds } from "./field-ids";

describe("fieldIds", () => {
  it("derives description and error ids from the control id", () => {
    expect(fieldIds("email")).toEqual({
      controlId: "email",
      descriptionId: "email-description",
      errorId: "email-error",
    });
  });
});

describe("describedBy", () => {
  it("is undefined when there is nothing to describe the control", () => {
    expect(describedBy("name", {})).toBeUndefined();
    expect(describedBy("name", { existing: "  " })).toBeUndefined();
  });

  it("lists description before error", () => {
    expect(describedBy("name", { description: true, error: true })).toBe("name-description name-error");
    expect(describedBy("name", { error: true })).toBe("name-error");
  });

  it("keeps ids the control already had without duplicating", () => {
    expect(describedBy("name", { error: true, existing: "hint name-error" })).toBe("hint name-error");
    expect(describedBy("name", { description: true, existing: "hint" })).toBe("hint name-description");
  });
});

import { describe, expect, it, vi } from "vitest";
import { showActionError } from "./use-result-dialog";

describe("showActionError", () => {
  it("puts the API's field issues on their fields and leaves the form message empty", () => {
    const setError = vi.fn();
    const setFormError = vi.fn();
    showActionError({
      setError,
      fields: ["name", "routing"],
      error: { message: "Invalid body", issues: [{ path: "routing.rules.0.label", message: "Required" }] },
      setFormError,
    });
    expect(setError).toHaveBeenCalledWith("routing.rules.0.label", { type: "server", message: "Required" });
    expect(setFormError).not.toHaveBeenCalled();
  });

  it("shows the message in the form when no field explains it", () => {
    const setError = vi.fn();
    const setFormError = vi.fn();
    showActionError({ setError, fields: ["name"], error: { message: "A parser with this name exists", issues: [{ path: "team", message: "x" }] }, setFormError });
    expect(setError).not.toHaveBeenCalled();
    expect(setFormError).toHaveBeenCalledWith("A parser with this name exists");
  });
});

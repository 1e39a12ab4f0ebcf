import { describe, expect, it } from "vitest";
import { fieldIntent } from "./field-intent";
import { isKnownField } from "./generic-fields";

describe("fields the vocabulary does not know", () => {
  it("tells a built-in concept from a field that only shares a word with one", () => {
    expect(isKnownField({ name: "invoice_date", type: "date" })).toBe(true);
    expect(isKnownField({ name: "invoice_no", type: "text" })).toBe(true);
    expect(isKnownField({ name: "vendor", type: "text" })).toBe(true);
    expect(isKnownField({ name: "effective_date", type: "date" })).toBe(false);
    expect(isKnownField({ name: "jurisdiction", type: "text" })).toBe(false);
  });

  it("reads the kind and the cue words from the definition alone", () => {
    const term = fieldIntent({ name: "term", type: "text", description: "How long the agreement lasts, e.g. 2 years" });
    expect(term.kind).toBe("duration");
    expect(term.subjects).toEqual(["agreement"]);
    const place = fieldIntent({ name: "jurisdiction", type: "text", description: "The state or country whose law governs the agreement" });
    expect(place.kind).toBe("place");
    // "state or country" is one cue: either word will do.
    expect(place.cues.find((c) => c.stem === "stat")?.alternatives).toContain("country");
    const parties = fieldIntent({ name: "parties", type: "table", description: "The parties that sign the agreement" }, { name: "party", type: "text", description: "Company or person name" });
    expect(parties.kind).toBe("name");
    expect(parties.cues.flatMap((c) => c.alternatives)).toContain("between");
  });
});

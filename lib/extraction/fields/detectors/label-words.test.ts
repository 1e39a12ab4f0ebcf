import { describe, expect, it } from "vitest";
import { labelWordSet } from "./label-words";

describe("label words in a common form", () => {
  it("translates form words of six languages to the English the field is defined in", () => {
    const english = labelWordSet("job position location closing date");
    for (const label of ["Puesto de trabajo", "Poste", "Stelle"]) expect(english).toEqual(expect.arrayContaining(labelWordSet(label)));
    expect(labelWordSet("Lugar de prácticas")).toEqual(labelWordSet("location internship"));
    expect(labelWordSet("Fecha de cierre")).toEqual(labelWordSet("date closing"));
    expect(labelWordSet("Numéro de compte")).toEqual(labelWordSet("number account"));
  });

  it("keeps a run of Chinese characters as one word and drops function words", () => {
    expect(labelWordSet("样本类型")).toEqual(["样本类型"]);
    expect(labelWordSet("Date of the incident")).toEqual(labelWordSet("date incident"));
  });
});

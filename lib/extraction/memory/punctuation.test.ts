import { describe, expect, it } from "vitest";
import { mergePunctuation } from "./punctuation";

describe("mergePunctuation", () => {
  it("replaces marks OCR glued between two words by the taught ones", () => {
    expect(mergePunctuation("NO,31G&33G,JALAN MERANTI X,U7/X", "NO. 31G&33G, JALAN MERANTI X ,U7/X")).toBe("NO. 31G&33G, JALAN MERANTI X ,U7/X");
    expect(mergePunctuation("KEDAI RUNCIT.SDN BHD", "KEDAI RUNCIT SDN BHD")).toBe("KEDAI RUNCIT SDN BHD");
  });

  it("keeps the print's own marks where a space follows them, and its case", () => {
    expect(mergePunctuation("No 12, Jalan Besar, Bukit Indah", "NO 12, JALAN BESAR. BUKIT INDAH")).toBe("No 12, Jalan Besar, Bukit Indah");
    expect(mergePunctuation("KEDAI RUNCIT SDN. BHD.", "KEDAI RUNCIT SDN BHD")).toBe("KEDAI RUNCIT SDN. BHD.");
  });

  it("keeps a glued mark the taught text has too, and the closing mark", () => {
    expect(mergePunctuation("LOT 7/4,TAMAN MAJU.", "LOT 7/4,TAMAN MAJU")).toBe("LOT 7/4,TAMAN MAJU.");
  });

  it("leaves the reading alone when the words differ", () => {
    expect(mergePunctuation("NO,31G JALAN", "NO. 32G JALAN")).toBe("NO,31G JALAN");
  });

  it("sets the taught words with a printing's marks, keeping the taught spacing and no line break", () => {
    // Memory found the taught text printed again (the engine misread it): the print's marks, the taught case.
    expect(mergePunctuation("Kedai Runcit (M) Sdn. Bhd.", "KEDAI RUNCIT (M) SDN BHD", "taught")).toBe("KEDAI RUNCIT (M) SDN. BHD.");
    // The same marks with OCR's spaces beside them, or a line break, keep the taught separator.
    expect(mergePunctuation("12, Jalan Maju 7/4,Kawasan\nMaju, 81200 Johor Bahru, Johor", "12, JALAN MAJU 7/4,KAWASAN MAJU,81200 JOHOR BAHRU,JOHOR", "taught")).toBe("12, JALAN MAJU 7/4,KAWASAN MAJU,81200 JOHOR BAHRU,JOHOR");
    // A mark standing alone between the parts of a one-line footer address, and a dot the print lacks, are not taken.
    expect(mergePunctuation("Hafenweg 22 · 9829 Namur · Belgique", "Hafenweg 22 9829 Namur Belgique", "taught")).toBe("Hafenweg 22 9829 Namur Belgique");
    expect(mergePunctuation("Kedai Runcit (M) Sdn Bhd", "KEDAI RUNCIT (M) SDN. BHD.", "taught")).toBe("KEDAI RUNCIT (M) SDN. BHD");
  });
});

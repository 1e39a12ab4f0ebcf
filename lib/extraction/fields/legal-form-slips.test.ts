import { describe, expect, it } from "vitest";
import { repairJoinedLegalForm, repairLegalFormEnding } from "./legal-form-slips";

describe("repairJoinedLegalForm", () => {
  it("repairs one misread half of SDN.BHD printed as one word", () => {
    expect(repairJoinedLegalForm("Kedai Maju Sdn.Rhd")).toBe("Kedai Maju Sdn.Bhd");
    expect(repairJoinedLegalForm("KEDAI MAJU SON.BHD.")).toBe("KEDAI MAJU SDN.BHD.");
  });

  it("leaves the form read right, two misread halves and other words alone", () => {
    expect(repairJoinedLegalForm("Kedai Maju Sdn.Bhd")).toBe("Kedai Maju Sdn.Bhd");
    expect(repairJoinedLegalForm("Kedai Maju Son.Rhd")).toBe("Kedai Maju Son.Rhd");
    expect(repairJoinedLegalForm("No.123 Jln.Maju")).toBe("No.123 Jln.Maju");
  });
});

describe("repairLegalFormEnding", () => {
  it("repairs both words of SDN BHD misread by a letter each at the end of a name", () => {
    expect(repairLegalFormEnding("SUPER.SEVEN CASH & CARRY SEN 3HD")).toBe("SUPER.SEVEN CASH & CARRY SDN BHD");
    expect(repairLegalFormEnding("Kedai Maju Son Bho.")).toBe("Kedai Maju Sdn Bhd.");
  });

  it("leaves a form read right, a pair inside the name, two letters off and a name of the two words alone", () => {
    expect(repairLegalFormEnding("KEDAI MAJU SDN BHD")).toBe("KEDAI MAJU SDN BHD");
    expect(repairLegalFormEnding("SEN 3HD TRADING")).toBe("SEN 3HD TRADING");
    expect(repairLegalFormEnding("KEDAI MAJU SUN BIO")).toBe("KEDAI MAJU SUN BIO");
    expect(repairLegalFormEnding("SEN 3HD")).toBe("SEN 3HD");
  });
});

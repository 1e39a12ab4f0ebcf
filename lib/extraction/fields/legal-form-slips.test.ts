import { describe, expect, it } from "vitest";
import { repairJoinedLegalForm } from "./legal-form-slips";

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

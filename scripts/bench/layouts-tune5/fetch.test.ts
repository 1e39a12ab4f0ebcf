import { describe } from "vitest";
import { checkDisjointFrom, checkInvoiceSet } from "../layouts/manifest-checks";

describe("fifth other-layouts tuning set", () => {
  checkDisjointFrom(__dirname, ["layouts", "layouts-tune", "layouts-tune2", "layouts-tune3", "layouts-tune4", "kinds/real"]);
  checkInvoiceSet(__dirname);
});

import { describe } from "vitest";
import { checkDisjointFrom, checkInvoiceSet } from "../layouts/manifest-checks";

describe("third other-layouts tuning set", () => {
  checkDisjointFrom(__dirname, ["layouts", "layouts-tune", "layouts-tune2", "kinds/real"]);
  checkInvoiceSet(__dirname);
});

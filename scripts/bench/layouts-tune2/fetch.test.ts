import { describe } from "vitest";
import { checkDisjointFrom, checkInvoiceSet } from "../layouts/manifest-checks";

describe("second other-layouts tuning set", () => {
  checkDisjointFrom(__dirname, ["layouts", "layouts-tune", "kinds/real"]);
  checkInvoiceSet(__dirname);
});

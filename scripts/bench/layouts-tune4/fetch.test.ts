import { describe } from "vitest";
import { checkDisjointFrom, checkInvoiceSet } from "../layouts/manifest-checks";

describe("fourth other-layouts tuning set", () => {
  checkDisjointFrom(__dirname, ["layouts", "layouts-tune", "layouts-tune2", "layouts-tune3", "kinds/real"]);
  checkInvoiceSet(__dirname);
});

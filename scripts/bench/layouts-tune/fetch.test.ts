import { describe } from "vitest";
import { checkDisjointFrom, checkInvoiceSet } from "../layouts/manifest-checks";

describe("other-layouts tuning set", () => {
  checkDisjointFrom(__dirname, ["layouts"]);
  checkInvoiceSet(__dirname);
});

import { describe } from "vitest";
import { checkInvoiceSet } from "./manifest-checks";

describe("other-layouts invoice set", () => {
  checkInvoiceSet(__dirname);
});

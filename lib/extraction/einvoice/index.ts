export { applyEInvoice } from "./apply-einvoice";
export type { EInvoice, EInvoiceLine } from "./einvoice-types";
export { einvoiceFromXml, einvoiceReadingEnabled, looksLikeXml, readEInvoice } from "./read-einvoice";
export { renderEInvoiceText } from "./render-text";

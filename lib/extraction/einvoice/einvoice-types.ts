/** A structured e-invoice (Factur-X / ZUGFeRD / XRechnung CII, or UBL) by concept, as the engine's vocabulary names them. */
export type EInvoiceLine = {
  position?: string;
  item_code?: string;
  description?: string;
  quantity?: number;
  unit?: string;
  unit_price?: number;
  discount_percent?: number;
  tax_rate?: number;
  amount?: number;
};

export type EInvoice = {
  syntax: "CII" | "UBL";
  /** Values by concept key (fields/concepts.ts): strings, numbers, ISO dates. */
  fields: Partial<Record<EInvoiceConcept, string | number>>;
  lines: EInvoiceLine[];
};

export type EInvoiceConcept =
  | "invoice_number"
  | "invoice_date"
  | "due_date"
  | "total_amount"
  | "subtotal_amount"
  | "tax_amount"
  | "amount_due"
  | "currency"
  | "vendor_name"
  | "vendor_address"
  | "vendor_vat_id"
  | "vendor_iban"
  | "customer_name"
  | "purchase_order";

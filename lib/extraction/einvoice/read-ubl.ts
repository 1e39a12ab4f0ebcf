import type { EInvoice, EInvoiceLine } from "./einvoice-types";
import { joinAddress, withoutEmpty } from "./read-cii";
import { all, at, attribute, decimal, isoDate, text, type XmlNode, type XmlValue } from "./xml-tree";

/** OASIS UBL 2.1 `Invoice` and `CreditNote` (Peppol BIS, XRechnung UBL). */
export function readUbl(root: XmlNode): EInvoice | null {
  const credit = at(root, "CreditNote");
  const doc = at(root, "Invoice") ?? credit;
  if (!doc) return null;
  const seller = at(doc, "AccountingSupplierParty", "Party");
  const buyer = at(doc, "AccountingCustomerParty", "Party");
  const totals = at(doc, "LegalMonetaryTotal");
  const currency = text(at(doc, "DocumentCurrencyCode"));
  const taxTotals = all(doc, "TaxTotal").map((t) => at(t, "TaxAmount"));
  const tax = taxTotals.find((t) => !currency || attribute(t, "currencyID") === currency) ?? taxTotals[0];
  const vat = all(seller, "PartyTaxScheme").find((s) => text(at(s, "TaxScheme", "ID"))?.toUpperCase() === "VAT") ?? at(seller, "PartyTaxScheme");
  const address = at(seller, "PostalAddress");
  const fields: EInvoice["fields"] = {
    invoice_number: text(at(doc, "ID")),
    invoice_date: isoDate(at(doc, "IssueDate")),
    due_date: isoDate(at(doc, "DueDate")) ?? isoDate(at(doc, "PaymentMeans", "PaymentDueDate")),
    currency,
    total_amount: decimal(at(totals, "TaxInclusiveAmount")),
    subtotal_amount: decimal(at(totals, "TaxExclusiveAmount")),
    tax_amount: decimal(tax),
    amount_due: decimal(at(totals, "PayableAmount")),
    vendor_name: text(at(seller, "PartyName", "Name")) ?? text(at(seller, "PartyLegalEntity", "RegistrationName")),
    vendor_address: address
      ? joinAddress([text(at(address, "StreetName")), text(at(address, "AdditionalStreetName")), [text(at(address, "PostalZone")), text(at(address, "CityName"))].filter(Boolean).join(" "), text(at(address, "Country", "IdentificationCode"))])
      : undefined,
    vendor_vat_id: text(at(vat, "CompanyID")),
    vendor_iban: text(at(doc, "PaymentMeans", "PayeeFinancialAccount", "ID")),
    customer_name: text(at(buyer, "PartyName", "Name")) ?? text(at(buyer, "PartyLegalEntity", "RegistrationName")),
    purchase_order: text(at(doc, "OrderReference", "ID")),
  };
  const lines = [...all(doc, "InvoiceLine"), ...all(doc, "CreditNoteLine")].map((line) => ublLine(line, credit !== undefined));
  return { syntax: "UBL", fields: withoutEmpty(fields), lines };
}

function ublLine(line: XmlValue, credit: boolean): EInvoiceLine {
  const quantity = at(line, credit ? "CreditedQuantity" : "InvoicedQuantity");
  const price = at(line, "Price");
  return withoutEmpty({
    position: text(at(line, "ID")),
    item_code: text(at(line, "Item", "SellersItemIdentification", "ID")),
    description: text(at(line, "Item", "Name")) ?? text(at(line, "Item", "Description")),
    quantity: decimal(quantity),
    unit: attribute(quantity, "unitCode"),
    // The price as stated, also when it is per a base quantity: what the invoice prints.
    unit_price: decimal(at(price, "PriceAmount")),
    tax_rate: decimal(at(line, "Item", "ClassifiedTaxCategory", "Percent")),
    amount: decimal(at(line, "LineExtensionAmount")),
  });
}

import type { EInvoice, EInvoiceLine } from "./einvoice-types";
import { all, at, attribute, decimal, isoDate, text, type XmlNode, type XmlValue } from "./xml-tree";

/**
 * UN/CEFACT Cross Industry Invoice: Factur-X, ZUGFeRD 2.x and XRechnung CII (`CrossIndustryInvoice`), and
 * ZUGFeRD 1.0 (`CrossIndustryDocument`, whose elements carry the older names tried second below).
 */
export function readCii(root: XmlNode): EInvoice | null {
  const doc = at(root, "CrossIndustryInvoice") ?? at(root, "CrossIndustryDocument");
  if (!doc) return null;
  const header = at(doc, "ExchangedDocument") ?? at(doc, "HeaderExchangedDocument");
  const trade = at(doc, "SupplyChainTradeTransaction") ?? at(doc, "SpecifiedSupplyChainTradeTransaction");
  const agreement = at(trade, "ApplicableHeaderTradeAgreement") ?? at(trade, "ApplicableSupplyChainTradeAgreement");
  const settlement = at(trade, "ApplicableHeaderTradeSettlement") ?? at(trade, "ApplicableSupplyChainTradeSettlement");
  const sums = at(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation") ?? at(settlement, "SpecifiedTradeSettlementMonetarySummation");
  const currency = text(at(settlement, "InvoiceCurrencyCode"));
  const seller = at(agreement, "SellerTradeParty");
  // A tax total may be given twice (invoice and accounting currency): the one in the invoice's currency counts.
  const taxTotals = all(sums, "TaxTotalAmount");
  const tax = taxTotals.find((t) => !currency || !attribute(t, "currencyID") || attribute(t, "currencyID") === currency) ?? taxTotals[0];
  const vat = all(seller, "SpecifiedTaxRegistration").find((r) => attribute(at(r, "ID"), "schemeID") === "VA");
  const address = at(seller, "PostalTradeAddress");
  const fields: EInvoice["fields"] = {
    invoice_number: text(at(header, "ID")),
    invoice_date: isoDate(at(header, "IssueDateTime", "DateTimeString")),
    due_date: isoDate(at(settlement, "SpecifiedTradePaymentTerms", "DueDateDateTime", "DateTimeString")),
    currency,
    total_amount: decimal(at(sums, "GrandTotalAmount")),
    subtotal_amount: decimal(at(sums, "TaxBasisTotalAmount")),
    tax_amount: decimal(tax),
    amount_due: decimal(at(sums, "DuePayableAmount")),
    vendor_name: text(at(seller, "Name")),
    vendor_address: address ? joinAddress([text(at(address, "LineOne")), text(at(address, "LineTwo")), [text(at(address, "PostcodeCode")), text(at(address, "CityName"))].filter(Boolean).join(" "), text(at(address, "CountryID"))]) : undefined,
    vendor_vat_id: text(at(vat, "ID")),
    vendor_iban: text(at(settlement, "SpecifiedTradeSettlementPaymentMeans", "PayeePartyCreditorFinancialAccount", "IBANID")),
    customer_name: text(at(agreement, "BuyerTradeParty", "Name")),
    purchase_order: text(at(agreement, "BuyerOrderReferencedDocument", "IssuerAssignedID")),
  };
  const lines = all(trade, "IncludedSupplyChainTradeLineItem").map(ciiLine);
  return { syntax: "CII", fields: withoutEmpty(fields), lines };
}

function ciiLine(item: XmlValue): EInvoiceLine {
  const product = at(item, "SpecifiedTradeProduct");
  const agreement = at(item, "SpecifiedLineTradeAgreement") ?? at(item, "SpecifiedSupplyChainTradeAgreement");
  const delivery = at(item, "SpecifiedLineTradeDelivery") ?? at(item, "SpecifiedSupplyChainTradeDelivery");
  const settlement = at(item, "SpecifiedLineTradeSettlement") ?? at(item, "SpecifiedSupplyChainTradeSettlement");
  const price = at(agreement, "NetPriceProductTradePrice");
  const quantity = at(delivery, "BilledQuantity");
  const taxInfo = at(settlement, "ApplicableTradeTax");
  const line: EInvoiceLine = {
    position: text(at(item, "AssociatedDocumentLineDocument", "LineID")),
    item_code: text(at(product, "SellerAssignedID")),
    description: text(at(product, "Name")),
    quantity: decimal(quantity),
    unit: attribute(quantity, "unitCode"),
    // The net price as stated, also when it is per a basis quantity (per 100 units): what the invoice prints.
    unit_price: decimal(at(price, "ChargeAmount")),
    tax_rate: decimal(at(taxInfo, "RateApplicablePercent")) ?? decimal(at(taxInfo, "ApplicablePercent")),
    amount: decimal(at(settlement, "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount")) ?? decimal(at(settlement, "SpecifiedTradeSettlementMonetarySummation", "LineTotalAmount")),
  };
  return withoutEmpty(line);
}

export function joinAddress(parts: Array<string | undefined>): string | undefined {
  const joined = parts.filter((p): p is string => Boolean(p && p.trim())).join(", ");
  return joined || undefined;
}

export function withoutEmpty<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined && v !== "")) as T;
}

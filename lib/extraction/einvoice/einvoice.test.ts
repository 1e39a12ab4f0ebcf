import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument, serverExtractionSettings, type FieldDefinition, type TableMetadata, type ValueMetadata } from "../index";
import { readEInvoice } from "./read-einvoice";

const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text", description: "Invoice number" },
  { name: "invoice_date", type: "date", description: "Invoice date" },
  { name: "due_date", type: "date", description: "Payment due date" },
  { name: "total_amount", type: "number", description: "Total amount including tax" },
  { name: "tax_amount", type: "number", description: "Total tax amount" },
  { name: "currency", type: "text", description: "Currency" },
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "vendor_vat_id", type: "text", description: "Vendor VAT id" },
  { name: "vendor_iban", type: "text", description: "IBAN" },
  {
    name: "line_items",
    type: "table",
    columns: [
      { name: "position", type: "number" },
      { name: "description", type: "text" },
      { name: "quantity", type: "number" },
      { name: "unit_price", type: "number" },
      { name: "amount", type: "number" },
    ],
  },
];

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument><ram:ID>FX-2024-0042</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Solar tile</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>50.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">2</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>100.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Sonnendach GmbH</ram:Name>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20240404</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>100.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount><ram:GrandTotalAmount>119.00</ram:GrandTotalAmount><ram:DuePayableAmount>119.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>UBL-7</cbc:ID><cbc:IssueDate>2024-06-01</cbc:IssueDate><cbc:DueDate>2024-07-01</cbc:DueDate>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Rechnungssteller KG</cbc:Name></cac:PartyName>
    <cac:PartyTaxScheme><cbc:CompanyID>DE987654321</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Stadt Beispiel</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">38.00</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:TaxExclusiveAmount currencyID="EUR">200.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">238.00</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">238.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="HUR">4</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Consulting</cbc:Name><cac:ClassifiedTaxCategory><cbc:Percent>19</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">50.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>
</Invoice>`;

/** A Factur-X-like PDF: a printed invoice (no seller name, no IBAN printed) with the CII XML attached. */
async function facturX(attach: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const draw = (text: string, x: number, y: number) => page.drawText(text, { x, y: 842 - y, size: 10, font });
  draw("Invoice", 50, 60);
  draw("Invoice number:", 350, 90);
  draw("FX-2024-0042", 450, 90);
  draw("Date:", 350, 105);
  draw("05.03.2024", 450, 105);
  draw("Pos", 50, 200);
  draw("Description", 80, 200);
  draw("Qty", 300, 200);
  draw("Price", 380, 200);
  draw("Amount", 480, 200);
  draw("1", 50, 220);
  draw("Solar tile", 80, 220);
  draw("2", 300, 220);
  draw("50,00", 380, 220);
  draw("100,00", 480, 220);
  draw("VAT 19%", 380, 260);
  draw("19,00", 480, 260);
  draw("Total", 380, 280);
  draw("119,00", 480, 280);
  if (attach) await pdf.attach(new TextEncoder().encode(CII), "factur-x.xml", { mimeType: "text/xml", description: "Factur-X invoice" });
  return pdf.save();
}

const meta = (m: unknown) => m as ValueMetadata;

describe("e-invoices", () => {
  it("fills fields and line items from the XML a PDF carries, at confidence 1, with sources where printed", async () => {
    const result = await extractDocument({ bytes: await facturX(true), mimeType: "application/pdf", fields: FIELDS });
    expect(result.data).toMatchObject({
      invoice_number: "FX-2024-0042",
      invoice_date: "2024-03-05",
      due_date: "2024-04-04",
      total_amount: 119,
      tax_amount: 19,
      currency: "EUR",
      vendor_name: "Sonnendach GmbH",
      vendor_vat_id: "DE123456789",
      vendor_iban: "DE02120300000000202051",
    });
    expect(result.data.line_items).toEqual([{ position: 1, description: "Solar tile", quantity: 2, unit_price: 50, amount: 100 }]);
    expect(meta(result.fieldMetadata.total_amount).confidence).toBe(1);
    // Printed values point at their place on the page; values only in the XML have no box.
    expect(meta(result.fieldMetadata.total_amount).source).toMatchObject({ page: 1 });
    expect(meta(result.fieldMetadata.invoice_date).source).toMatchObject({ page: 1 });
    expect(meta(result.fieldMetadata.vendor_iban).source).toBeNull();
    const cells = (result.fieldMetadata.line_items as TableMetadata).rows[0]!;
    expect(cells.amount?.confidence).toBe(1);
    expect(cells.amount?.source?.y).toBeGreaterThan(0.2);
  });

  it("reads only the page when the server turned e-invoice reading off (EINVOICE_XML=off)", async () => {
    const result = await extractDocument({ bytes: await facturX(true), mimeType: "application/pdf", fields: FIELDS, ...serverExtractionSettings({ EINVOICE_XML: "off" }) });
    expect(result.data.vendor_iban).toBeNull();
    expect(result.data.total_amount).toBe(119);
    expect(meta(result.fieldMetadata.total_amount).confidence).toBeLessThan(1);
  });

  it("finds nothing in a PDF without attachments", async () => {
    expect(await readEInvoice(await facturX(false), "application/pdf")).toBeNull();
  });

  it("reads an uploaded UBL invoice, with its values on a rendered page", async () => {
    const result = await extractDocument({ bytes: new TextEncoder().encode(UBL), mimeType: "application/xml", fileName: "invoice.xml", fields: [...FIELDS, { name: "customer_name", type: "text", description: "Customer name" }] });
    expect(result.data).toMatchObject({ invoice_number: "UBL-7", invoice_date: "2024-06-01", due_date: "2024-07-01", total_amount: 238, tax_amount: 38, vendor_name: "Rechnungssteller KG", vendor_vat_id: "DE987654321", customer_name: "Stadt Beispiel" });
    expect(result.data.line_items).toEqual([{ position: 1, description: "Consulting", quantity: 4, unit_price: 50, amount: 200 }]);
    expect(meta(result.fieldMetadata.vendor_name).source).toMatchObject({ page: 1 });
    expect(result.markdown).toContain("Rechnungssteller KG");
  });

  it("reads an uploaded CII invoice", async () => {
    const result = await extractDocument({ bytes: new TextEncoder().encode(CII), mimeType: "text/xml", fields: FIELDS });
    expect(result.data).toMatchObject({ invoice_number: "FX-2024-0042", total_amount: 119, vendor_name: "Sonnendach GmbH" });
  });
});

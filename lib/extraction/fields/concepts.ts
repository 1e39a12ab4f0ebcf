/**
 * Built-in knowledge of common invoice/receipt concepts: what a field is about (matched from its name, description
 * and instructions) and how documents label it, in English, German, French, Dutch, Spanish and Italian.
 * None of this is tied to a vendor: it is the vocabulary of invoices in general.
 */

export type ValueKind = "id" | "date" | "amount" | "currency" | "iban" | "vat" | "name" | "address" | "text" | "email" | "phone" | "url" | "number" | "percent";

export type Concept = {
  key: string;
  kind: ValueKind;
  /** Words/phrases in a field's name/description that identify this concept (normalised, space separated). */
  cues: string[];
  /** How documents label the value. */
  labels: string[];
};

export const CONCEPTS: Concept[] = [
  {
    key: "invoice_number",
    kind: "id",
    cues: ["invoice number", "invoice no", "invoice id", "invoice #", "document number", "receipt number", "bill number", "rechnungsnummer", "numero de facture", "factuurnummer"],
    labels: [
      "invoice number", "invoice no", "invoice nr", "invoice #", "invoice id", "invoice", "tax invoice", "inv no", "inv #", "bill no", "bill number", "receipt no", "receipt number", "receipt #", "document no", "document number", "doc no",
      "rechnungsnummer", "rechnungsnr", "rechnung nr", "rechnung", "rechnungs nr", "re nr", "belegnummer", "beleg nr", "rechnungskorrektur nr", "gutschrift nr", "rechnungskorrektur",
      "numero de facture", "no de facture", "n de facture", "facture no", "facture n", "facture", "numero facture", "facture numero",
      "factuurnummer", "factuur nr", "factuurnr", "factuur", "numero de factura", "factura no", "factura", "numero fattura", "fattura n", "fattura", "handelsrechnung", "beitragsrechnung", "gutschrift", "korrekturrechnung", "schlussrechnung", "teilrechnung", "abschlagsrechnung", "belegnr", "beleg nr", "invoice no.", "rechnungsnr", "credit note", "credit note no", "avoir", "facture no", "booking id", "booking reference", "reservation number", "invoice#", "inv#", "bill#", "receipt#", // Polish, Finnish, Swedish, Portuguese, Turkish, Czech, Spanish and Italian wording.
      "faktura nr", "faktura vat nr", "numer faktury", "nr faktury", "laskun numero", "laskun nro", "laskunumero", "fakturanummer", "fakturanr", "numero da fatura", "fatura no", "fatura numarasi", "cislo faktury", "numero factura", "n factura", "numero documento", "nº documento",
      // the title "Faktura" (Polish, Czech, Scandinavian) with its number beside it; Japanese and Chinese numbers' labels
      "faktura", "請求書番号",
      // Mexican "N° de Folio", a till's or a payment's "Transaction No", Russian "Счет на оплату № 71 от …"
      "n de folio", "no de folio", "numero de folio", "transaction no", "transaction number", "transaction #", "transaction id", "счет на оплату", "счет", "счет фактура", "счет-фактура", "номер счета", "請求番号", "請求書no", "請款單編號", "發票號碼", "发票号码", "發票編號", "单据编号",
      // Dutch in two words, the Portuguese and Turkish title, till tickets' numbers, Vietnamese "Hóa đơn số", the
      // Dominican fiscal number (NCF); a text layer that glues the label's words ("InvoiceNo.")
      "factuur nummer", "fatura", "numero de ticket", "n de ticket", "ticket no", "ticket nr", "ticket number", "ticket #", "numero de recu", "recu no", "numero de recibo", "recibo no", "recibo n",
      "hóa đơn số", "số hóa đơn", "ncf", "e-ncf", "invoiceno", "invoicenr", "invoicenumber", "receiptno",
    ],
  },
  {
    key: "due_date",
    kind: "date",
    cues: ["due date", "payment due", "due", "falligkeit", "echeance", "vervaldatum", "pay by"],
    labels: [
      "due date", "payment due", "date due", "due by", "due", "pay by", "payable by", "payment date",
      "falligkeitsdatum", "fallig am", "fallig", "zahlbar bis", "zahlungsziel", "zahlbar bis zum", "faellig am",
      "date d'echeance", "echeance", "date limite de paiement", "date limite de reglement", "date d'echeance de paiement", "a payer avant le", "vervaldatum", "vervaldag", "te betalen voor", "fecha de vencimiento", "scadenza", "falligkeitstag", "falligkeit", "fällig am", "faelligkeit", "due on", "payment due date", "payable until", "termin platnosci", "termin płatności", "termin zaplaty", "termin zapłaty", "vencimiento", "fecha venc", "fecha de venc", "erapaiva", "eräpäivä", "forfallodatum", "förfallodatum", "forfallodag", "data de vencimento", "vencimento", "son odeme tarihi", "son ödeme tarihi", "datum splatnosti", "datum splatnosti faktury", "data di scadenza", "fecha vencimiento",
    ],
  },
  {
    key: "invoice_date",
    kind: "date",
    cues: ["invoice date", "issue date", "date of issue", "document date", "receipt date", "rechnungsdatum", "date de facture", "factuurdatum", "date"],
    labels: [
      "invoice date", "date of invoice", "date of issue", "issue date", "issued on", "invoice date / tax point", "tax point date", "bill date", "bill dt", "document date", "receipt date", "date", "datum", "date/time", "bizdate",
      "rechnungsdatum", "belegdatum", "ausstellungsdatum", "rechnungs datum",
      "date de facture", "date de facturation", "date d'emission", "date facture", "factuurdatum", "factuur datum", "fecha de factura", "fecha", "data fattura", "belegdatum", "beleg datum", "invoice dt", "datum rechnung", "data wystawienia", "laskun paivamaara", "laskun päivämäärä", "laskupaiva", "laskupäivä", "fakturadatum", "data de emissao", "data de emissão", "data da fatura", "fatura tarihi", "datum vystaveni", "datum vystavení", "data emissione", "fecha de emision", "fecha de emisión",
    ],
  },
  {
    key: "amount_due",
    kind: "amount",
    cues: ["amount due", "balance due", "amount to pay", "amount payable", "zahlbetrag", "zu zahlen", "net a payer", "te betalen"],
    labels: [
      "amount due", "balance due", "total due", "amount payable", "amount to pay", "to pay", "please pay", "balance", "outstanding",
      "zahlbetrag", "zu zahlender betrag", "zu zahlen", "noch zu zahlen", "offener betrag", "restbetrag", "fälliger betrag", "falliger betrag",
      "net a payer", "reste a payer", "montant a payer", "solde du", "te betalen", "openstaand bedrag", "importe a pagar", "zahlbetrag", "fälliger betrag", "zu zahlender betrag", "amount due eur", "open amount", "outstanding amount", "zu zahlender beitrag", "zu zahlen bis", "amount payable", "do zaplaty", "do zapłaty", "maksettava", "maksettava yhteensa", "att betala", "summa att betala", "a pagar", "valor a pagar", "total a pagar", "odenecek tutar", "ödenecek tutar", "k uhrade", "k úhradě", "totale da pagare",
    ],
  },
  {
    key: "subtotal_amount",
    kind: "amount",
    cues: ["subtotal", "sub total", "net amount", "net total", "amount excluding tax", "excl tax", "tax basis", "untaxed", "before tax", "netto", "nettobetrag", "total ht"],
    labels: [
      "subtotal", "sub total", "sub-total", "net amount", "net total", "total net", "total excl", "total excl tax", "total excl vat", "total excluding vat", "total before tax", "total exclusive", "amount excl", "untaxed amount", "taxable amount", "total excluding gst", "total excl gst", "total sales excluding gst", "total amount excluding",
      "nettobetrag", "netto", "summe netto", "gesamt netto", "nettosumme", "zwischensumme", "warenwert", "rechnungsbetrag netto", "gesamtbetrag netto", "summe der nettobetrage", "gesamtsumme netto",
      "total ht", "montant ht", "sous-total", "sous total", "total hors taxes", "base ht", "subtotaal", "totaal excl", "exclusief btw", "excl btw", "totaal exclusief btw", "base imponible", "imponibile", "rechnungssumme netto", "summe netto", "netto summe", "gesamt netto", "warenwert netto", "positionssumme", "summe positionen netto", "rechnungssumme ohne ust", "summe ohne ust", "total excluding tax", "amount excluding tax",
      "summe ohne mwst", "betrag ohne mwst", "exkl mwst", "grondslag", "zonder btw", "totaal zonder btw", "hors tva", "total hors tva", "net value", "total before vat", "amount before tax", "wartosc netto", "wartość netto", "razem netto", "veroton yhteensa", "veroton hinta", "netto yhteensa", "summa exkl moms", "exkl moms", "netto totalt", "valor sem iva", "total sem iva", "base tributavel", "mal hizmet toplam tutari", "zaklad dane", "základ daně", "totale imponibile", "gravada", "op gravada", "op gravadas", "total gravado",
    ],
  },
  {
    key: "tax_amount",
    kind: "amount",
    cues: ["tax amount", "total tax", "vat amount", "tax", "vat", "gst", "mwst", "umsatzsteuer", "tva", "btw"],
    labels: [
      "tax amount", "total tax", "tax total", "vat amount", "total vat", "vat", "tax", "gst", "sales tax", "gst amount", "total gst",
      "mwst", "mwst betrag", "ust", "umsatzsteuer", "mehrwertsteuer", "steuerbetrag", "summe mwst", "summe ust", "gesamtbetrag steuer", "umsatzsteuerbetrag", "steuer", "ust betrag", "mwst gesamt", "versicherungssteuer",
      "tva", "montant tva", "total tva", "btw", "btw bedrag", "totaal btw", "iva", "importe iva", "steuerbetrag", "ust betrag", "mwst betrag", "versicherungsteuer", "summe steuerbetrage", "steuer gesamt", "mwst-betrag", "ust-betrag", "steuer-betrag", "vat total", "kwota vat", "podatek vat", "wartosc vat", "wartość vat", "alv yhteensa", "arvonlisavero", "moms", "momsbelopp", "total moms", "valor do iva", "total iva", "iva total", "kdv", "hesaplanan kdv", "toplam kdv", "dph", "dph celkem", "totale iva", "igv", "total igv",
    ],
  },
  {
    key: "total_amount",
    kind: "amount",
    cues: ["total amount", "grand total", "total", "amount", "gesamtbetrag", "montant total", "totaal", "invoice total"],
    labels: [
      "total", "grand total", "total amount", "total amount due", "invoice total", "total incl", "total incl vat", "total including vat", "total incl tax", "total inclusive", "amount", "total (rm)", "total rm", "total sales", "nett total", "net total incl", "rounded total", "total payable", "total inclusive gst", "total incl gst", "total amount payable", "total sales inclusive gst", "grand total rm", "after rounding", "total after rounding", "amount after rounding", "sales incl gst", "sales inclusive gst",
      "gesamtbetrag", "gesamtsumme", "rechnungsbetrag", "bruttobetrag", "brutto", "endbetrag", "summe", "gesamt", "rechnungssumme", "gesamtbetrag brutto", "summe brutto", "rechnungsbetrag brutto", "bruttosumme", "betrag", "zahlbetrag brutto",
      "total ttc", "montant ttc", "montant total", "total a payer", "totaal", "totaal incl", "totaalbedrag", "totaal incl btw", "bedrag", "importe total", "totale", "rechnungssumme", "rechnungssumme brutto", "bruttosumme", "gesamtsumme brutto", "rechnungsbetrag", "gesamtbeitrag brutto", "rechnungsbeitrag", "total incl. vat", "razem", "razem do zaplaty", "wartosc brutto", "wartość brutto", "summa yhteensa", "totalt", "summa", "att betala totalt", "valor total", "genel toplam", "toplam tutar", "celkem", "celkem k uhrade", "celkova castka", "totale fattura", "totale documento", "tổng tiền", "tổng cộng", "tổng thanh toán",
    ],
  },
  {
    key: "purchase_order",
    kind: "id",
    cues: ["purchase order", "po number", "order reference", "bestellnummer", "buyer reference", "order number"],
    labels: [
      "purchase order", "purchase order no", "po number", "po no", "po #", "po#", "po", "order#", "order number", "order no", "order #", "order ref", "your order", "your reference", "customer order",
      "bestellnummer", "bestellung", "ihre bestellung", "bestell nr", "auftragsnummer", "auftrag", "ihr auftrag", "bestellreferenz",
      "bon de commande", "commande", "numero de commande", "votre commande", "bestelnummer", "ordernummer", "uw referentie", "nr zamowienia", "nr zamówienia", "numer zamowienia", "tilausnumero", "tilaus", "ordernr", "er referens", "numero do pedido", "siparis no", "sipariş no", "cislo objednavky", "číslo objednávky", "numero ordine", "ordine",
    ],
  },
  {
    key: "currency",
    kind: "currency",
    cues: ["currency", "wahrung", "devise", "valuta", "iso 4217"],
    labels: ["currency", "wahrung", "devise", "valuta", "moneda", "rechnungswahrung", "invoice currency", "currency code", "betrage in", "amounts in", "montants en", "waluta", "valuutta", "valuta", "moeda", "para birimi", "mena", "měna",
    ],
  },
  {
    key: "vendor_vat_id",
    kind: "vat",
    cues: ["vat id", "vat number", "tax id", "vat registration", "ust id", "ust-idnr", "steuernummer", "tva intracom", "btw nummer", "seller vat"],
    labels: ["vat id", "vat no", "vat number", "vat reg no", "vat registration number", "tax id", "ust-idnr", "ust id", "ust-id", "ust idnr", "umsatzsteuer-id", "ust-id-nr", "ustid", "tva intracommunautaire", "n tva", "no tva", "tva", "btw nummer", "btw-nummer", "btw nr", "btw", "vat", "cif", "nif", "partita iva", "ustidnr", "ustidentnr", "ust identnr", "umsatzsteuer identifikationsnummer", "ustid", "vat id no", "vat reg", "tva intracom", "n° tva", "btwnummer", "btw nr", "nip", "y-tunnus", "alv-numero", "alv nro", "momsregistreringsnummer", "momsreg nr", "vkn", "vergi no", "vergi numarasi", "dic", "dič", "partita iva",
      // Indian, Malaysian and Singaporean GST registrations; Russian and Uzbek tax numbers
      "gstin", "gst no", "gst reg no", "gst reg", "gst registration no", "gst registration number", "gst id", "gst id no", "инн",
    ],
  },
  {
    key: "vendor_iban",
    kind: "iban",
    cues: ["iban", "bank account", "account number"],
    labels: ["iban", "iban nr", "bankverbindung", "bank account", "konto"],
  },
  {
    key: "customer_name",
    kind: "name",
    cues: ["customer name", "buyer", "customer", "client", "bill to", "recipient", "kunde", "empfanger"],
    labels: ["bill to", "billed to", "invoice to", "invoiced to", "sold to", "customer", "client", "buyer", "recipient", "customer name", "kunde", "rechnungsempfanger", "empfanger", "leistungsempfanger", "facture a", "facturer a", "destinataire", "klant", "factuuradres", "cliente", "kaufer", "käufer", "kauferleistungsempfanger", "rechnungsempfänger", "buyer name", "customer name", "invoice address", "kundenname", "nom du client",
      // Russian and Uzbek buyers ("Покупатель:", "Заказчик:", "Сотиб олувчи:")
      "покупатель", "заказчик", "плательщик", "сотиб олувчи", "dados do cliente", "nombre o razon social", "locataire",
      // the Spanish and Latin American address to the buyer ("Señor(es): …", "Sres.: …")
      "señor(es)", "señores", "sres",
    ],
  },
  {
    key: "vendor_name",
    kind: "name",
    cues: ["vendor name", "vendor", "supplier", "seller", "merchant", "company name", "issuer", "store name", "shop", "lieferant", "verkaufer", "fournisseur", "leverancier"],
    labels: ["vendor", "supplier", "seller", "merchant", "from", "lieferant", "verkaufer", "rechnungssteller", "fournisseur", "vendeur", "leverancier", "proveedor", "rechnungsersteller", "verkäufer", "leistungserbringer", "seller name", "supplier name", "service provider", "provider", "issued by", "sold by", "billed by", "payee", "bill from", "emetteur", "issuer", "sprzedawca", "wystawca", "myyja", "myyjä", "laskuttaja", "saljare", "säljare", "leverantor", "leverantör", "fornecedor", "vendedor", "satici", "satıcı", "dodavatel",
      // Russian and Uzbek sellers ("Поставщик:", "Продавец:", "Исполнитель:", "Етказиб берувчи:")
      "поставщик", "продавец", "исполнитель", "етказиб берувчи", "bailleur",
    ],
  },
  {
    key: "vendor_address",
    kind: "address",
    cues: ["vendor address", "supplier address", "seller address", "store address", "merchant address", "company address"],
    labels: ["address", "adresse", "anschrift", "adres", "direccion"],
  },
];

export function conceptByKey(key: string): Concept | undefined {
  return CONCEPTS.find((c) => c.key === key);
}

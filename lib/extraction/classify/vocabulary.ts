/**
 * What the classifier knows about common document types, across the languages the engine reads (EN, DE, FR, NL,
 * ES, IT, PT). No vendor appears here: only the words documents of a type use.
 */

/** Words documents use to name their own type; they extend labels whose names match a key. */
export const BUILT_IN_SYNONYMS: Record<string, string[]> = {
  invoice: ["invoice", "tax invoice", "rechnung", "facture", "factuur", "factura", "fattura", "fatura", "invoice number", "rechnungsnummer"],
  receipt: ["receipt", "cash sale", "quittung", "kassenbon", "beleg", "recu", "reçu", "ticket", "bon", "kassabon", "thank you", "change", "recibo", "ricevuta", "scontrino"],
  "credit note": ["credit note", "gutschrift", "avoir", "creditnota", "nota de credito", "rechnungskorrektur"],
  "purchase order": ["purchase order", "bestellung", "bon de commande", "inkooporder", "orden de compra", "po number"],
  "delivery note": ["delivery note", "packing slip", "lieferschein", "bon de livraison", "pakbon", "albaran"],
  quote: ["quote", "quotation", "angebot", "devis", "offerte", "estimate", "presupuesto"],
  "bank statement": ["bank statement", "kontoauszug", "releve de compte", "rekeningafschrift", "account statement"],
  contract: ["contract", "agreement", "vertrag", "contrat", "overeenkomst", "terms and conditions"],
  resume: ["resume", "curriculum vitae", "cv", "lebenslauf", "work experience", "education"],
};

/**
 * Cues: what documents of a type carry besides their name, each counted once and weaker than a name. An invoice
 * asks to be paid later (terms, due date, bank details, the buyer's identifiers); a receipt records a payment made
 * at the counter (cash, change, cashier, till). They decide between types whose names both appear, as on the many
 * till receipts titled "Tax invoice".
 */
export const BUILT_IN_CUES: Record<string, string[]> = {
  invoice: [
    "bill to", "invoice to", "ship to", "sold to", "due date", "payment terms", "terms of payment", "payment due", "amount due", "balance due", "please pay", "remit",
    "iban", "bic", "swift", "bank details", "account number", "sort code", "purchase order", "po number", "order number", "customer number", "customer no", "vat number", "vat id",
    "bill", "net amount", "delivery date", "service period",
    "zahlbar", "zahlungsziel", "zahlungsbedingungen", "fallig", "bankverbindung", "kundennummer", "kundennr", "leistungsdatum", "leistungszeitraum", "lieferdatum", "ustidnr", "steuernummer", "nettobetrag", "bestellnummer",
    "echeance", "conditions de paiement", "montant ht", "total ht", "ttc", "tva", "vervaldatum", "betalingstermijn", "klantnummer", "btw", "vencimiento", "scadenza",
  ],
  receipt: [
    "cash", "cashier", "change due", "tendered", "rounding", "counter", "pos", "terminal", "till", "table", "pax", "qty", "served by", "receipt no",
    "goods sold", "not returnable", "no refund", "exchange", "come again", "thank you for shopping", "member", "points", "visa", "mastercard", "approved", "auth code",
    "kasse", "bar", "gegeben", "ruckgeld", "bediener", "especes", "rendu", "caisse", "contant", "wisselgeld", "efectivo", "cambio", "contanti", "resto",
  ],
};

/** Types usually printed on a till roll, so a page much taller than wide is a cue for them. */
export const NARROW_PAGE_TYPES = new Set(["receipt"]);

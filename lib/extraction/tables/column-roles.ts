import type { FieldDefinition } from "../types";
import { tokenise } from "../fields/text-tokens";
import { COLUMN_CONCEPTS } from "../fields/column-concepts";

/**
 * What a column of a table field holds, from its name, type and description: the value's type (a date, money, a
 * number, text) and the header wording that names it on a page, in the languages documents come in. Beyond line
 * items: statements' dates, balances, money in and out; any column also by its own name and short description.
 */
export type ValueType = "date" | "money" | "number" | "text";
export type ColumnRole = { name: string; type: ValueType; role: string | null; labels: string[][] };

type Vocabulary = { role: string; type: ValueType; cues: string[]; labels: string[] };

const DESCRIPTION_LABELS = COLUMN_CONCEPTS.find((c) => c.key === "description")!.labels;

/** Generic column vocabulary (not tied to a kind of document): cue words in a column's name or description choose
 * the role; labels are how pages print its header. */
const VOCABULARY: Vocabulary[] = [
  {
    role: "date",
    type: "date",
    cues: ["date", "day", "posted", "datum", "fecha", "data"],
    labels: ["date", "datum", "fecha", "data", "tag", "buchungstag", "buchungsdatum", "buchungs datum", "valuta", "wertstellung", "value date", "posting date", "post date", "posted", "trans date", "transaction date", "date operation", "date valeur", "boekdatum", "fecha operacion", "data operazione", "data valuta", "booking date"],
  },
  {
    role: "balance",
    type: "money",
    cues: ["balance", "saldo", "solde", "kontostand"],
    labels: ["balance", "running balance", "saldo", "solde", "kontostand", "balance usd", "balance eur", "new balance", "daily balance", "ledger balance"],
  },
  {
    role: "debit",
    type: "money",
    cues: ["debit", "debits", "withdrawal", "withdrawals", "money out", "paid out", "soll", "charges"],
    labels: ["debit", "debits", "withdrawal", "withdrawals", "money out", "paid out", "payments", "soll", "belastung", "lastschrift", "ausgang", "cargo", "cargos", "addebiti", "addebito", "af", "uitgaven", "charges", "debit amount"],
  },
  {
    role: "credit",
    type: "money",
    cues: ["credit", "credits", "deposit", "deposits", "money in", "paid in", "haben"],
    labels: ["credit", "credits", "deposit", "deposits", "money in", "paid in", "receipts", "haben", "gutschrift", "eingang", "abono", "abonos", "accrediti", "accredito", "bij", "ontvangsten", "credit amount"],
  },
  {
    role: "amount",
    type: "money",
    cues: ["amount", "betrag", "montant", "importe", "importo", "bedrag", "sum", "value"],
    labels: ["amount", "betrag", "montant", "importe", "importo", "bedrag", "umsatz", "transaction amount", "amount usd", "amount eur", "value"],
  },
  {
    role: "description",
    type: "text",
    cues: ["description", "details", "memo", "narrative", "payee", "particulars", "purpose", "text"],
    labels: [...DESCRIPTION_LABELS, "buchungstext", "verwendungszweck", "vorgang", "buchungsdetails", "libelle", "nature de loperation", "nature", "operation", "operations", "transaction", "transactions", "transaction details", "transaction description", "narrative", "memo", "payee", "mededeling", "causale", "descripcion", "concepto"],
  },
];

const textOf = (s: string) => tokenise(s.replace(/[_\-.]+/g, " "));
const contains = (tokens: string[], cue: string[]) => tokens.some((_, i) => cue.every((c, k) => tokens[i + k] === c));

function valueType(field: FieldDefinition): ValueType {
  if (field.type === "date") return "date";
  if (field.type === "currency") return "money";
  if (field.type === "number") return "number";
  return "text";
}

/** The role its name names (else its description names), and the labels a header prints for it. */
export function columnRole(field: FieldDefinition): ColumnRole {
  const name = textOf(field.name);
  const description = textOf(field.description ?? "");
  const type = valueType(field);
  const fits = (v: Vocabulary) => v.type === type || (v.type !== "text" && v.type !== "date" && type === "number") || (v.type === "text" && type === "text");
  const byName = VOCABULARY.find((v) => fits(v) && v.cues.some((c) => contains(name, textOf(c))));
  const vocab = byName ?? VOCABULARY.find((v) => fits(v) && v.cues.some((c) => contains(description, textOf(c))));
  const labels: string[][] = [name];
  // A short description reads as a header's wording ("Money out", "Valuta"); a longer one is a sentence.
  if (description.length > 0 && description.length <= 3) labels.push(description);
  for (const l of vocab?.labels ?? []) labels.push(textOf(l));
  return { name: field.name, type, role: vocab?.role ?? null, labels: labels.filter((l) => l.length > 0) };
}

/** Money-like value types: read with their sign. */
export const isNumeric = (t: ValueType) => t === "money" || t === "number";

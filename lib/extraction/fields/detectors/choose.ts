/**
 * Which typed detector a field asks for, read from its definition alone (type, name, description, instructions):
 * "employer_ein" / "Employer identification number" → an EIN, "statement_start" / "First day of the statement
 * period" → the start of a period. No code per kind of document: the words of the definition pick the detector.
 */
import type { FieldDefinition } from "../../types";

export type DetectorKind =
  | "email"
  | "phone"
  | "url"
  | "ssn"
  | "ein"
  | "tin"
  | "iban"
  | "routing"
  | "vat"
  | "account"
  | "period-start"
  | "period-end"
  | "year"
  | "money"
  | "address"
  | "organisation"
  | "person"
  | "section"
  | "subject"
  | "checkbox"
  | "title"
  | "time"
  | "date";

/** The definition's words, lower-case, names split at underscores and camel case. */
export function definitionText(field: FieldDefinition): string {
  const name = field.name.replace(/[_\-.]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
  return `${name} ${field.description ?? ""} ${field.instructions ?? ""}`.toLowerCase();
}

const ORGANISATION = /\b(?:company|employer|bank|business|organi[sz]ation|provider|utility|firm|supplier|vendor|entity|institution|agency|school|university|insurer|landlord|issuer|merchant)\b/;
const PERSON = /\b(?:name|who|author|holder|signed|signer|signatory|addressed|addressee|candidate|applicant|employee|recipient|sender|patient|student|tenant|owner|beneficiary|person|contact)\b/;
const MONEY = /\b(?:wages?|pay|salary|income|compensation|withheld|balance|amount|total|fee|fees|charges?|price|cost|deposits?|withdrawals?|tax|taxes|refund|premium|rent|deductions?|earnings|gross|net|tips)\b/;
const SECTION = /\b(?:skills|summary|education|experience|objective|profile|certifications|languages|interests|qualifications)\b/;

/** Names of fields asking for one part of an address. */
const ADDRESS_PART = /(?:^|[_\s-])(?:street|city|town|zip|zip[_\s-]?code|postal[_\s-]?code|postcode|house[_\s-]?number|state|province|country)$/i;

/** Last words of a field's name that ask for a property of its person or organisation, not for who it is. */
const ATTRIBUTE = /^(?:age|gender|sex|type|status|title|time|count|level|category|nationality|birth|birthplace|race|ethnicity|role|position|location|city|country|size|industry|sector|language|income|rating|score)$/i;

export function chooseDetector(field: FieldDefinition): DetectorKind | null {
  if (field.type === "table" || field.type === "boolean" || field.type === "select") return null;
  const text = definitionText(field);
  const name = field.name.toLowerCase();
  // "Filing status (the box that is ticked)": a text field answered by the ticked box's label.
  if (field.type === "text" && /\b(?:ticked|checked|check ?box(?:es)?|marked|crossed)\b/.test(text)) return "checkbox";
  if (field.type === "email" || /\be-?mail\b/.test(text)) return "email";
  if (field.type === "url" || /\b(?:url|website|web site|homepage|linkedin|github|web address)\b/.test(text)) return "url";
  if (field.type === "phone" || /\b(?:phone|telephone|tel|mobile|fax)\b/.test(text)) return "phone";
  // "Taxpayer identification number (SSN or EIN)": either shape will do.
  if (/\btin\b|\btaxpayer identification\b/.test(text)) return "tin";
  if (/\bssn\b|\bsocial security (?:number|no)\b/.test(text)) return "ssn";
  if (/\bein\b|\bemployer identification\b|\bfederal tax id\b/.test(text)) return "ein";
  if (/\biban\b/.test(text)) return "iban";
  if (/\brouting\b|\baba\b|\btransit number\b/.test(text)) return "routing";
  if (/\b(?:vat|tva|ust|gst)[ -]?(?:id|number|no|registration)\b/.test(text)) return "vat";
  if (/\baccount (?:number|no|#)|\bacct\b/.test(text)) return "account";
  if (field.type === "date" || field.type === "text") {
    const period = /\bperiod\b|\b(?:statement|billing|pay|coverage|service)\b.*\b(?:start|end|begin|from|through)\b/.test(text);
    if (period && /\b(?:start|begin|beginning|first|from|opening)\b/.test(text)) return "period-start";
    if (period && /\b(?:end|ending|last|through|until|closing)\b/.test(text)) return "period-end";
  }
  if ((field.type === "number" || field.type === "text") && /(?:^|_)year(?:$|_)/.test(name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase())) return "year";
  if (field.type === "date") return "date";
  if ((field.type === "currency" || field.type === "number") && MONEY.test(text)) return "money";
  // "street", "postal_code", "city": one part of an address, not the street and city lines the address detector reads.
  if (field.type === "text" && ADDRESS_PART.test(field.name.replace(/([a-z])([A-Z])/g, "$1_$2"))) return null;
  if (field.type === "address" || /\baddress\b/.test(text)) return "address";
  if (field.type !== "text") return null;
  // "first_name", "surname": a part of a name, one word the person detector (a whole name) does not read.
  if (/(?:^|[_\s-])(?:first|last|given|family|middle|maiden)[_\s-]?name$|^(?:surname|forename)$/i.test(field.name.replace(/([a-z])([A-Z])/g, "$1_$2"))) return null;
  // "Employee ID", "Customer number": an identifier of the person, not the person.
  if (/\b(?:id|number|no|code|reference|ref)\b/.test(text)) return null;
  if (/\bsubject\b|\bregarding\b/.test(text)) return "subject";
  // "title", "paper_title": the document's own title, not a person's or a job's.
  if (/^(?:title|heading|headline)$/i.test(name.split(/[_\s-]+|(?<=[a-z])(?=[A-Z])/).at(-1) ?? "") && !/\b(?:job|position|role|person|employee|holder|academic|honorific)\b/.test(text)) return "title";
  // "start_time", "Time the meeting starts": a time of day.
  if (field.type === "text" && (/(?:^|[_\s-])time$/i.test(field.name) || /\btime of day\b|\bat what time\b/.test(text)) && !/\b(?:zone|spent|period|duration|hours worked)\b/.test(text)) return "time";
  // "patient_age", "employee_status": a property of a person or a company, not its name.
  if (ATTRIBUTE.test(name.split(/[_\s-]+|(?<=[a-z])(?=[A-Z])/).at(-1) ?? "")) return null;
  if (SECTION.test(text) && !/\bname\b/.test(text)) return "section";
  // "issuing_agency", "bank_name": the field's name ends with the organisation it asks for.
  const head = name.split(/[_\s-]+|(?<=[a-z])(?=[A-Z])/).at(-1) ?? "";
  if (ORGANISATION.test(text) && (/\bname\b|^\S+$|\bcompany\b|\bbank\b|\bemployer\b/.test(text) || ORGANISATION.test(head))) return "organisation";
  if (PERSON.test(text)) return "person";
  return null;
}

/**
 * Kinds a field the invoice vocabulary claims may still ask for: "account_number" resolves to the IBAN concept, but
 * a US statement prints an account number no IBAN reader takes. Run only when the invoice path found nothing.
 */
export const AFTER_KNOWN: ReadonlySet<DetectorKind> = new Set(["account", "routing", "ssn", "ein", "tin", "period-start", "period-end", "email", "phone", "url", "section", "year", "subject"]);

/** Kinds no invoice concept reads: a field asking for one is the detector's even when a word of its name is an invoice cue. */
const DETECTOR_ONLY: ReadonlySet<DetectorKind> = new Set(["account", "routing", "ssn", "ein", "tin", "period-start", "period-end"]);

export function detectorOwns(field: FieldDefinition): boolean {
  const kind = chooseDetector(field);
  return kind !== null && DETECTOR_ONLY.has(kind);
}

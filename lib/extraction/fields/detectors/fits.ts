/** Whether a value found by another reader has the shape a field's detector asks for. */
import type { FieldDefinition } from "../../types";
import { chooseDetector, type DetectorKind } from "./choose";
import { READERS } from "./readers";
import { organisationName, personName, STREET_LINE } from "./typed-values";

/**
 * Whether a value another reader found for the field has the shape the field's detector asks for: a label reader's
 * "if different from above" is no person's name, and "Individual" no EIN. Fields without a detector pass.
 */
export function fitsDetector(field: FieldDefinition, value: string | number | boolean, raw = String(value)): boolean {
  const kind = chooseDetector(field);
  if (!kind || typeof value === "boolean") return true;
  const text = String(value);
  const reader = READERS[kind];
  // Which box is ticked is the check-box reader's to say; a label reader would return the boxes' text.
  if (kind === "checkbox") return false;
  // Money printed with its cents: "2" read off the next box's label "2 Federal income tax withheld" is no amount.
  if (kind === "money") return /\d[.,]\d{2}(?!\d)/.test(raw);
  if (kind === "year") return /^(?:19|20)\d{2}$/.test(text.trim());
  if (reader) return reader(text, field, "dmy").length > 0;
  if (kind === "person") return personName(text) !== null;
  if (kind === "organisation") return organisationName(text, false) !== null;
  // An address starts with its street: "Boise, ID 83708" alone is a city line.
  if (kind === "address") return STREET_LINE.test(text.split(/,\s*/)[0]!.trim()) || /\d/.test(text.split(/,\s*/)[0]!) && text.includes(",");
  return true;
}

/** Kinds whose shape a filled form field must have too; names and amounts are typed freely into forms. */
const FORM_CHECKED: ReadonlySet<DetectorKind> = new Set(["address", "email", "phone", "url", "ssn", "ein", "tin", "iban", "routing", "vat"]);

/** Whether a fillable form's answer, matched to the field by its label, has the shape the field's detector asks for. */
export function fitsFormAnswer(field: FieldDefinition, value: string | number | boolean): boolean {
  const kind = chooseDetector(field);
  return !kind || !FORM_CHECKED.has(kind) || fitsDetector(field, value);
}

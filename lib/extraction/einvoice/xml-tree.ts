import { XMLParser } from "fast-xml-parser";

/** A parsed XML element: child elements by local name (namespace prefixes removed), attributes as `@_name`. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | number | boolean | XmlNode | XmlValue[];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  // Keep every value as text: "0012" is an invoice number, not 12, and amounts are parsed by us.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

export function parseXml(text: string): XmlNode | null {
  try {
    const parsed: unknown = parser.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as XmlNode) : null;
  } catch {
    return null;
  }
}

/** Every value under a name, as a list (XML repeats elements; the parser gives one value or an array). */
export function list(value: XmlValue | undefined): XmlValue[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function asNode(value: XmlValue | undefined): XmlNode | undefined {
  const first = list(value)[0];
  return typeof first === "object" && first !== null && !Array.isArray(first) ? first : undefined;
}

/** The first element along a path of local names ("SellerTradeParty", "Name"), or undefined. */
export function at(node: XmlValue | undefined, ...path: string[]): XmlValue | undefined {
  let current: XmlValue | undefined = node;
  for (const name of path) {
    const element = asNode(current);
    if (!element) return undefined;
    current = list(element[name])[0];
  }
  return current;
}

/** Every element at the end of a path (the last step may repeat). */
export function all(node: XmlValue | undefined, ...path: string[]): XmlValue[] {
  const parent = path.length > 1 ? at(node, ...path.slice(0, -1)) : node;
  const element = asNode(parent);
  return element ? list(element[path[path.length - 1]!]) : [];
}

/** An element's text (its `#text` when it has attributes), trimmed; undefined when empty. */
export function text(value: XmlValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value).trim() || undefined;
  if (Array.isArray(value)) return text(value[0]);
  return text(value["#text"]);
}

export function attribute(value: XmlValue | undefined, name: string): string | undefined {
  const element = asNode(value);
  const v = element?.[`@_${name}`];
  return typeof v === "string" ? v : undefined;
}

/** A decimal as XML writes it (dot decimal separator, optional sign). */
export function decimal(value: XmlValue | undefined): number | undefined {
  const t = text(value);
  if (!t || !/^[-+]?\d*\.?\d+$/.test(t)) return undefined;
  return Number(t);
}

/** CII dates are `yyyyMMdd` (format 102); UBL dates are already ISO. */
export function isoDate(value: XmlValue | undefined): string | undefined {
  const t = text(value);
  if (!t) return undefined;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(t);
  return iso?.[1];
}

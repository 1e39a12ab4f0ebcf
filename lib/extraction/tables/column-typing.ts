import type { Word } from "../types";
import type { HeaderColumn } from "./find-header";

export type TypedColumn = HeaderColumn & { field: string | null };

/**
 * Column typing from content: a header can name two columns with description words ("Item", "Product"). When the
 * leftmost of them holds a lone running number in the first item row and no column is the position, it is the
 * position column and the next one carries the description. Changes the columns in place; true when it did.
 */
export function typePositionColumn(columns: TypedColumn[], firstItem: Map<TypedColumn, Word[]>, fieldForKey: Map<string, string>): boolean {
  const positionField = fieldForKey.get("position");
  const descriptionField = fieldForKey.get("description");
  if (!positionField || !descriptionField || columns.some((c) => c.key === "position")) return false;
  const descriptions = columns.filter((c) => c.key === "description");
  const [first, second] = descriptions;
  if (!first || !second || columns[0] !== first) return false;
  const words = firstItem.get(first) ?? [];
  if (words.length !== 1 || !/^\d{1,3}$/.test(words[0]!.text)) return false;
  first.key = "position";
  first.field = positionField;
  second.field = descriptionField;
  return true;
}

/** One token with a digit, no spaces ("CONS-001", "A-4711", "10023"): an article code, not a product's name. */
const CODE = /^(?=[^\s]*\d)[\p{L}\d][\p{L}\d\-_./#]*$/u;

/**
 * Column typing from content: of two columns named with description words ("Item" | "Description"), the first holds
 * the item's code when its cell in the first item row is a code and the second holds text; it becomes the code
 * column (when the table field has one) and the second carries the description. Changes the columns in place.
 */
export function typeCodeColumn(columns: TypedColumn[], firstItem: Map<TypedColumn, Word[]>, fieldForKey: Map<string, string>): boolean {
  const codeField = fieldForKey.get("item_code");
  const descriptionField = fieldForKey.get("description");
  if (!codeField || !descriptionField || columns.some((c) => c.key === "item_code")) return false;
  const [first, second] = columns.filter((c) => c.key === "description");
  if (!first || !second) return false;
  const code = firstItem.get(first) ?? [];
  const text = firstItem.get(second) ?? [];
  if (code.length !== 1 || !CODE.test(code[0]!.text) || !text.some((w) => /\p{L}{3}/u.test(w.text))) return false;
  first.key = "item_code";
  first.field = codeField;
  second.field = descriptionField;
  return true;
}

/**
 * A bare "Price" column right of a "Unit Price" column, in a table without a line-amount column, is the line amount
 * ("Unit Price | Qty | Price"): two columns cannot both be the unit price.
 */
export function typeSecondPrice(columns: TypedColumn[], fieldForKey: Map<string, string>): boolean {
  const amountField = fieldForKey.get("amount");
  if (!amountField || columns.some((c) => c.key === "amount")) return false;
  const prices = columns.filter((c) => c.key === "unit_price");
  const [first, last] = [prices[0], prices[prices.length - 1]];
  if (prices.length !== 2 || !first || !last || last.field !== null) return false;
  if (last.label.trim().split(/\s+/).length !== 1 || first.label.trim().split(/\s+/).length < 2) return false;
  last.key = "amount";
  last.field = amountField;
  return true;
}

/**
 * A lone price column in a table with neither a quantity nor a line-amount column is the line amount ("Item | Price",
 * "Barang | Harga"): with no quantity each line is bought once, so its price is what the line costs.
 */
export function typeLonePrice(columns: TypedColumn[], fieldForKey: Map<string, string>): boolean {
  const amountField = fieldForKey.get("amount");
  if (!amountField || columns.some((c) => c.key === "amount" || c.key === "quantity")) return false;
  const prices = columns.filter((c) => c.key === "unit_price");
  const price = prices[0];
  if (prices.length !== 1 || !price) return false;
  price.key = "amount";
  price.field = amountField;
  return true;
}

/**
 * Of two line-amount columns with the quantity between them ("Descripción | Importe | Cantidad | Total"), in a table
 * without a price column, the one left of the quantity is the unit price: a line's total follows its quantity.
 */
export function typeAmountBeforeQuantity(columns: TypedColumn[], fieldForKey: Map<string, string>): boolean {
  const [amountField, priceField] = [fieldForKey.get("amount"), fieldForKey.get("unit_price")];
  const quantity = columns.find((c) => c.key === "quantity");
  if (!amountField || !priceField || !quantity || columns.some((c) => c.key === "unit_price")) return false;
  const before = columns.filter((c) => c.key === "amount" && c.x2 < quantity.x1);
  const after = columns.find((c) => c.key === "amount" && c.x1 > quantity.x2);
  if (before.length !== 1 || !after) return false;
  for (const c of columns) if (c.field === amountField) c.field = null;
  before[0]!.key = "unit_price";
  before[0]!.field = priceField;
  after.field = amountField;
  return true;
}

/** A number as an item's cell prints it, with at most a currency sign or code glued or spaced ("€6.646,58", "EUR 9,90"). */
const NUMBER = /^[-(]?(?:\p{Sc}|[A-Z]{3}\s?)?-?\d[\d.,]*\)?$/u;

/**
 * Column typing from content: of two columns a header names with one numeric concept ("Nombre del Artículo", where
 * "nombre" is French for a count, and "Cantidad"; "Gemaakte kosten", costs incurred, over the items' names beside
 * "Bedrag"), the one whose cell in the first item row is a number holds it when the first holds words. The column of
 * words is the description when it is the table's first and the header names no description column. Changes the
 * columns in place; true when it did.
 */
export function typeNumericTwin(columns: TypedColumn[], firstItem: Map<TypedColumn, Word[]>, fieldForKey: Map<string, string> = new Map()): boolean {
  let changed = false;
  for (const key of ["quantity", "unit_price", "amount"]) {
    const [first, second] = columns.filter((c) => c.key === key);
    if (!first || !second || first.field === null || second.field !== null) continue;
    const firstWords = firstItem.get(first) ?? [];
    const secondWords = firstItem.get(second) ?? [];
    if (!firstWords.some((w) => /\p{L}{2}/u.test(w.text)) || secondWords.length !== 1 || !NUMBER.test(secondWords[0]!.text)) continue;
    second.field = first.field;
    const descriptionField = fieldForKey.get("description");
    const namesItems = columns[0] === first && descriptionField !== undefined && !columns.some((c) => c.key === "description");
    first.field = namesItems ? descriptionField : null;
    first.key = namesItems ? "description" : "";
    changed = true;
  }
  return changed;
}

/**
 * Column typing from content: a header that names no description column but starts with a column of a heading no
 * label knows ("Type de chambre | Tarif | Total HT"), and no other column no label knows, holds the items' names there
 * when the first item row prints words in it. Changes the column in place; true when it did.
 */
export function typeUnnamedDescription(columns: TypedColumn[], firstItem: Map<TypedColumn, Word[]>, fieldForKey: Map<string, string>): boolean {
  const descriptionField = fieldForKey.get("description");
  const first = columns[0];
  // Of several unnamed columns ("Změna | Provedena | Doména …"), which holds the names is not known.
  if (!descriptionField || !first || first.key !== "" || columns.some((c) => c.key === "description") || columns.filter((c) => c.key === "").length > 1) return false;
  if (!(firstItem.get(first) ?? []).some((w) => /\p{L}{2}/u.test(w.text))) return false;
  first.key = "description";
  first.field = descriptionField;
  return true;
}

/** A heading that is a currency and nothing else ("RM", "$", "EUR", "Rs."). */
const CURRENCY_HEADING = /^(?:\p{Sc}|RM|Rs\.?|Rp\.?|USD|EUR|GBP|CHF|MYR|SGD|HKD|AUD|CAD|INR|IDR|PKR|LKR|PHP|THB|VND|NGN|KES|ZAR)$/u;

/**
 * A column headed by a currency alone, right of the quantity or the price, in a table without a line-amount column,
 * is the line amount ("ITEM(s) | Price | QTY | RM"): a till prints what the line costs under the currency it is in.
 */
export function typeCurrencyAmount(columns: TypedColumn[], fieldForKey: Map<string, string>): boolean {
  const amountField = fieldForKey.get("amount");
  if (!amountField || columns.some((c) => c.key === "amount")) return false;
  const counted = columns.filter((c) => c.key === "quantity" || c.key === "unit_price");
  const currency = columns.filter((c) => c.key === "" && CURRENCY_HEADING.test(c.label.trim()));
  const column = currency[0];
  if (currency.length !== 1 || !column || counted.length === 0 || !counted.every((c) => c.x2 < column.x1)) return false;
  column.key = "amount";
  column.field = amountField;
  return true;
}

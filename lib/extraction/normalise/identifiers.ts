/** Validators/normalisers for identifiers that have a checkable form. */

export function compactId(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
}

/** IBAN mod-97 check (ISO 13616). */
export function isValidIban(candidate: string): boolean {
  const iban = compactId(candidate);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch >= "A" && ch <= "Z" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** IBAN lengths of the countries invoices most often show, to cut a checksum-less match at the right place. */
const IBAN_LENGTH: Record<string, number> = {
  AT: 20, BE: 16, CH: 21, CZ: 24, DE: 22, DK: 18, ES: 24, FI: 18, FR: 27, GB: 22, IE: 22, IT: 27, LU: 20, NL: 18, NO: 15, PL: 28, PT: 25, SE: 24,
};

/** IBANs printed with or without spaces in groups of four. Sample IBANs with a wrong checksum are accepted
 * (quality < 1) when their length fits their country, because documents do print them. */
export function findIbans(text: string): Array<{ value: string; index: number; length: number; checksum: boolean }> {
  const out: Array<{ value: string; index: number; length: number; checksum: boolean }> = [];
  const re = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    // Trailing groups may belong to the next word (e.g. "BIC"): shrink until the checksum holds.
    let raw = m[0];
    // A checksum that holds by chance on a shorter prefix (1 in 97) is not the IBAN when the country's length says otherwise.
    const fits = (s: string) => IBAN_LENGTH[s.slice(0, 2)] === undefined || compactId(s).length === IBAN_LENGTH[s.slice(0, 2)];
    while (raw.length > 14 && !(isValidIban(raw) && fits(raw))) raw = raw.slice(0, -1).trimEnd();
    if (isValidIban(raw) && fits(raw)) {
      out.push({ value: compactId(raw), index: m.index, length: raw.length, checksum: true });
      continue;
    }
    const expected = IBAN_LENGTH[m[0].slice(0, 2)];
    const compact = compactId(m[0]);
    if (expected && compact.length >= expected) {
      let cut = m[0];
      while (compactId(cut).length > expected) cut = cut.slice(0, -1).trimEnd();
      out.push({ value: compactId(cut), index: m.index, length: cut.length, checksum: false });
    }
  }
  return out;
}

// EU VAT ids (and GB/CH), by country shape; enough to recognise and to reject look-alikes such as IBANs.
const VAT_SHAPES: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/, BE: /^BE[01]\d{9}$/, BG: /^BG\d{9,10}$/, CY: /^CY\d{8}[A-Z]$/, CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/, DK: /^DK\d{8}$/, EE: /^EE\d{9}$/, EL: /^EL\d{9}$/, ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/, FR: /^FR[A-Z0-9]{2}\d{9}$/, HR: /^HR\d{11}$/, HU: /^HU\d{8}$/, IE: /^IE\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/, LT: /^LT(\d{9}|\d{12})$/, LU: /^LU\d{8}$/, LV: /^LV\d{11}$/, MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/, PL: /^PL\d{10}$/, PT: /^PT\d{9}$/, RO: /^RO\d{2,10}$/, SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/, SK: /^SK\d{10}$/, GB: /^GB(\d{9}|\d{12})$/, CH: /^CHE\d{9}(MWST|TVA|IVA)?$/, XI: /^XI\d{9}$/,
};

export function isValidVatId(candidate: string): boolean {
  const id = compactId(candidate);
  const shape = VAT_SHAPES[id.slice(0, 2)];
  return shape ? shape.test(id) : false;
}

export function findVatIds(text: string): Array<{ value: string; index: number; length: number }> {
  const out: Array<{ value: string; index: number; length: number }> = [];
  // An IBAN's first groups ("DE08 7009 0100") look like a German VAT id: never read inside an IBAN.
  const ibans = findIbans(text);
  const re = /\b(?:[A-Z]{2}|CHE)[\s.-]?[A-Z0-9+*](?:[\s.]?[A-Z0-9+*]){6,13}\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    let raw = m[0];
    while (raw.length > 8 && !isValidVatId(raw)) raw = raw.slice(0, -1).trimEnd();
    const start = m.index;
    const insideIban = ibans.some((b) => start < b.index + b.length + 4 && start + raw.length > b.index);
    // "DE09687654321" cut back to the valid-looking "DE096876543" is not that id: a VAT id ends where its word ends.
    const cutInsideWord = /[A-Za-z0-9]/.test(text.charAt(start + raw.length));
    if (isValidVatId(raw) && !isValidIban(raw) && !insideIban && !cutInsideWord) out.push({ value: compactId(raw), index: m.index, length: raw.length });
    // "UID ATU77669024": a label of capitals before the id starts a match that holds no id; the id may start in it.
    else re.lastIndex = m.index + 1;
  }
  return out;
}

/**
 * One word of a VAT-id country prefix and 8 to 13 letters and digits, most of them digits, whose length the
 * country's shape does not allow ("DE12435679", "DE09687654321": sample or mistyped ids). Read only right of a VAT-id
 * label, which says what it is; a postcode with its country ("DE 98765") is two words and too short.
 */
export function findLooseVatId(text: string): { value: string; index: number; length: number } | null {
  const re = /(?<![A-Za-z0-9])(?:[A-Z]{2}|CHE)[A-Z0-9]{7,13}(?![A-Za-z0-9])/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const prefix = m[0].startsWith("CHE") ? "CH" : m[0].slice(0, 2);
    const digits = m[0].replace(/\D/g, "").length;
    if (VAT_SHAPES[prefix] && digits >= 7 && digits >= m[0].length - 3 && !isValidIban(m[0])) return { value: m[0], index: m.index, length: m[0].length };
  }
  return null;
}

export function findEmails(text: string): string[] {
  return text.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? [];
}

export function findUrls(text: string): string[] {
  return (text.match(/\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:)]/gi) ?? []).filter((u) => !u.includes("@"));
}

/** Phone numbers: 7–15 digits with the usual separators, optionally with a + country prefix. */
export function findPhones(text: string): string[] {
  const out: string[] = [];
  const re = /(?:\+|00)?\d[\d\s().\/-]{5,20}\d/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const digits = m[0].replace(/\D/g, "");
    if (digits.length >= 7 && digits.length <= 15) out.push(m[0].trim());
  }
  return out;
}

/**
 * Seeded randomness and invented values for the synthetic document kinds: people, companies, addresses, numbers with
 * valid check digits. Everything is made up here; nothing comes from a real document or dataset.
 */

/** mulberry32: a small seeded generator, so the same seed writes byte-identical documents. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = {
  next: () => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
  digits: (n: number) => string;
};

export function makeRng(seed: number): Rng {
  const next = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(""),
  };
}

const FIRST = ["Maria", "James", "Aisha", "Tomasz", "Priya", "Daniel", "Sofia", "Kwame", "Elena", "Marcus", "Hannah", "Luis", "Grace", "Omar", "Ingrid", "Victor", "Naomi", "Ethan", "Leila", "Samuel"];
const LAST = ["Garcia", "Whitfield", "Okafor", "Nowak", "Raman", "Lindqvist", "Moreau", "Mensah", "Petrova", "Holloway", "Brennan", "Castillo", "Ashford", "Haddad", "Sorensen", "Kowalski", "Delgado", "Fairbanks", "Nakamura", "Adeyemi"];
const COMPANY_WORDS = ["Northwind", "Bluestone", "Harbor Point", "Cedar Ridge", "Summit", "Redwood", "Ironbridge", "Silverline", "Maple Grove", "Granite Peak", "Lakeshore", "Brightwater", "Oakmont", "Westfield", "Pinecrest"];
const COMPANY_TRADES = ["Logistics", "Analytics", "Manufacturing", "Health Partners", "Software", "Supply", "Engineering", "Foods", "Consulting", "Media"];
const LEGAL = ["Inc.", "LLC", "Corp.", "Ltd.", "Co."];
const STREETS = ["Oak Street", "Maple Avenue", "Lakeview Drive", "Hillcrest Road", "Pine Lane", "Elm Court", "Riverside Boulevard", "Washington Street", "Park Place", "Sunset Way"];
const CITIES: Array<[string, string, string]> = [
  ["Springfield", "IL", "627"], ["Austin", "TX", "787"], ["Portland", "OR", "972"], ["Columbus", "OH", "432"], ["Raleigh", "NC", "276"],
  ["Madison", "WI", "537"], ["Boise", "ID", "837"], ["Tucson", "AZ", "857"], ["Albany", "NY", "122"], ["Denver", "CO", "802"],
];
const BANKS = ["First Harbor Bank", "Union Prairie Bank", "Keystone Savings Bank", "Meridian Federal Credit Union", "Coastal Trust Bank"];
const UTILITIES = ["Valley Power & Light", "Metro Water Authority", "Northern Gas Company", "Riverbend Electric Co-op", "City Utilities Board"];
export const JOBS = ["Senior Data Analyst", "Software Engineer", "Project Manager", "Registered Nurse", "Mechanical Engineer", "Marketing Coordinator", "Financial Analyst", "Operations Lead"];
export const SKILLS = ["Python", "SQL", "Tableau", "Project planning", "Kubernetes", "TypeScript", "Budgeting", "Public speaking", "Excel", "Salesforce", "Lean Six Sigma", "Spanish"];
export const SCHOOLS = ["University of Wisconsin", "Ohio State University", "Portland Community College", "Texas A&M University", "SUNY Albany"];

export type Person = { first: string; middle: string | null; last: string; full: string };
export type Address = { street: string; city: string; state: string; zip: string; cityLine: string; oneLine: string };

export function person(rng: Rng): Person {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const middle = rng.chance(0.3) ? `${String.fromCharCode(65 + rng.int(0, 25))}.` : null;
  return { first, middle, last, full: [first, middle, last].filter(Boolean).join(" ") };
}

export function company(rng: Rng): string {
  return `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_TRADES)} ${rng.pick(LEGAL)}`;
}

export const bank = (rng: Rng) => rng.pick(BANKS);
export const utility = (rng: Rng) => rng.pick(UTILITIES);

export function address(rng: Rng): Address {
  const street = `${rng.int(10, 9899)} ${rng.pick(STREETS)}${rng.chance(0.2) ? `, Apt ${rng.int(1, 40)}` : ""}`;
  const [city, state, zip3] = rng.pick(CITIES);
  const zip = `${zip3}${rng.digits(2)}`;
  const cityLine = `${city}, ${state} ${zip}`;
  return { street, city, state, zip, cityLine, oneLine: `${street}, ${cityLine}` };
}

/** A US phone number in one of the common printed shapes. */
export function phone(rng: Rng): string {
  const a = `${rng.int(201, 989)}`;
  const b = `${rng.int(200, 989)}`;
  const c = rng.digits(4);
  return rng.pick([`(${a}) ${b}-${c}`, `${a}-${b}-${c}`, `${a}.${b}.${c}`, `+1 ${a} ${b} ${c}`]);
}

export function email(rng: Rng, p: Person, domain: string): string {
  return rng.pick([`${p.first}.${p.last}`, `${p.first[0]}${p.last}`, `${p.first}${rng.int(1, 99)}`]).toLowerCase() + `@${domain}`;
}

/** A valid-looking SSN: area 001–665 or 667–899, group 01–99, serial 0001–9999. */
export function ssn(rng: Rng): string {
  let area = rng.int(1, 899);
  if (area === 666) area = 667;
  return `${String(area).padStart(3, "0")}-${String(rng.int(1, 99)).padStart(2, "0")}-${String(rng.int(1, 9999)).padStart(4, "0")}`;
}

export function ein(rng: Rng): string {
  return `${rng.pick(["12", "20", "27", "38", "45", "52", "61", "84", "91"])}-${rng.digits(7)}`;
}

/** Nine digits whose ABA checksum holds: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function routingNumber(rng: Rng): string {
  // The first two digits are a Federal Reserve routing symbol: 01–12, 21–32 (thrifts), 61–72 (electronic), 80.
  const prefix = rng.pick(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "21", "22", "26", "31", "32", "61", "67", "72"]);
  const d = [Number(prefix[0]), Number(prefix[1]), ...Array.from({ length: 6 }, () => rng.int(0, 9))];
  const partial = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]!);
  d.push((10 - (partial % 10)) % 10);
  return d.join("");
}

/** A German IBAN with a correct mod-97 check. */
export function iban(rng: Rng): string {
  const bban = rng.digits(18);
  const numeric = `${bban}131400`;
  let remainder = 0;
  for (const ch of numeric) remainder = (remainder * 10 + Number(ch)) % 97;
  return `DE${String(98 - remainder).padStart(2, "0")}${bban}`;
}

export function money(rng: Rng, lo: number, hi: number): number {
  return Math.round((lo + rng.next() * (hi - lo)) * 100) / 100;
}

export const usd = (n: number) => `${n < 0 ? "-" : ""}$${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const plain = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const fixed = (n: number) => n.toFixed(2);

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export type Day = { y: number; m: number; d: number; iso: string };

export function day(y: number, m: number, d: number): Day {
  return { y, m, d, iso: `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}` };
}

export function randomDay(rng: Rng, year: number): Day {
  return day(year, rng.int(1, 12), rng.int(1, 28));
}

export function lastDayOf(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** A date printed the way US documents print it: "March 4, 2024", "03/04/2024" or "Mar 4, 2024". */
export function usDate(rng: Rng, d: Day): string {
  return rng.pick([`${MONTHS[d.m - 1]} ${d.d}, ${d.y}`, `${String(d.m).padStart(2, "0")}/${String(d.d).padStart(2, "0")}/${d.y}`, `${MONTHS[d.m - 1]!.slice(0, 3)} ${d.d}, ${d.y}`]);
}

export const monthName = (m: number) => MONTHS[m - 1]!;

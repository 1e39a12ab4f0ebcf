/**
 * Made-up parties: company and person names, addresses, phone numbers, VAT ids and IBANs with valid check digits.
 * Names come from syllables and short word lists written for this generator (no dataset is read), so a name never
 * belongs to a real sender except by chance.
 */
import type { Lang } from "./labels";
import type { Rng } from "./rng";

export type Country = "GB" | "US" | "IE" | "DE" | "AT" | "CH" | "FR" | "BE" | "ES" | "IT" | "NL";

export const COUNTRIES_BY_LANG: Record<Lang, readonly Country[]> = {
  en: ["GB", "GB", "US", "US", "IE"],
  de: ["DE", "DE", "DE", "AT", "CH"],
  fr: ["FR", "FR", "FR", "BE", "CH"],
  es: ["ES"],
  it: ["IT"],
  nl: ["NL", "NL", "BE"],
};

export const COUNTRY_NAMES: Record<Country, Record<Lang, string>> = {
  GB: { en: "United Kingdom", de: "Vereinigtes Königreich", fr: "Royaume-Uni", es: "Reino Unido", it: "Regno Unito", nl: "Verenigd Koninkrijk" },
  US: { en: "USA", de: "USA", fr: "États-Unis", es: "EE. UU.", it: "Stati Uniti", nl: "Verenigde Staten" },
  IE: { en: "Ireland", de: "Irland", fr: "Irlande", es: "Irlanda", it: "Irlanda", nl: "Ierland" },
  DE: { en: "Germany", de: "Deutschland", fr: "Allemagne", es: "Alemania", it: "Germania", nl: "Duitsland" },
  AT: { en: "Austria", de: "Österreich", fr: "Autriche", es: "Austria", it: "Austria", nl: "Oostenrijk" },
  CH: { en: "Switzerland", de: "Schweiz", fr: "Suisse", es: "Suiza", it: "Svizzera", nl: "Zwitserland" },
  FR: { en: "France", de: "Frankreich", fr: "France", es: "Francia", it: "Francia", nl: "Frankrijk" },
  BE: { en: "Belgium", de: "Belgien", fr: "Belgique", es: "Bélgica", it: "Belgio", nl: "België" },
  ES: { en: "Spain", de: "Spanien", fr: "Espagne", es: "España", it: "Spagna", nl: "Spanje" },
  IT: { en: "Italy", de: "Italien", fr: "Italie", es: "Italia", it: "Italia", nl: "Italië" },
  NL: { en: "Netherlands", de: "Niederlande", fr: "Pays-Bas", es: "Países Bajos", it: "Paesi Bassi", nl: "Nederland" },
};

const CITIES: Record<Country, readonly string[]> = {
  GB: ["Leeds", "Bristol", "Norwich", "York", "Reading", "Derby", "Exeter", "Bath", "Carlisle", "Dundee"],
  US: ["Springfield", "Madison", "Columbus", "Salem", "Dayton", "Fresno", "Tulsa", "Boise", "Akron", "Omaha"],
  IE: ["Cork", "Galway", "Limerick", "Dublin", "Sligo", "Kilkenny"],
  DE: ["Kassel", "Bielefeld", "Würzburg", "Lübeck", "Erfurt", "Freiburg", "Ulm", "Jena", "Münster", "Bremen"],
  AT: ["Graz", "Linz", "Salzburg", "Innsbruck", "Klagenfurt", "Wels"],
  CH: ["Bern", "Luzern", "Winterthur", "Lausanne", "St. Gallen", "Biel"],
  FR: ["Lyon", "Nantes", "Rennes", "Dijon", "Angers", "Grenoble", "Tours", "Limoges", "Reims", "Amiens"],
  BE: ["Gent", "Liège", "Namur", "Brugge", "Leuven", "Mons"],
  ES: ["Valencia", "Zaragoza", "Murcia", "Granada", "Vigo", "Gijón", "Córdoba", "Alicante", "Burgos"],
  IT: ["Bologna", "Verona", "Padova", "Bergamo", "Parma", "Modena", "Trento", "Brescia", "Perugia"],
  NL: ["Utrecht", "Eindhoven", "Groningen", "Tilburg", "Zwolle", "Haarlem", "Arnhem", "Breda", "Delft"],
};

const US_STATES = ["OH", "WI", "OR", "IL", "CA", "OK", "ID", "NE", "PA", "TX"];

const STREET_ROOTS = ["Oak", "Mill", "Lind", "Berg", "Rosen", "Castle", "Garden", "Bridge", "Church", "Market", "Station", "Park", "Wald", "Kirch", "Schul", "Lake", "Harbour", "Fontaine", "Moulin", "Prado", "Olivo", "Molen", "Linden", "Cedar", "Willow"];
const FIRST_NAMES: Record<Lang, readonly string[]> = {
  en: ["James", "Emma", "Oliver", "Grace", "Henry", "Chloe", "Samuel", "Lucy", "Daniel", "Megan"],
  de: ["Jonas", "Anna", "Lukas", "Marie", "Felix", "Lea", "Paul", "Sophie", "Tobias", "Katrin"],
  fr: ["Julien", "Camille", "Nicolas", "Élodie", "Mathieu", "Claire", "Antoine", "Léa", "Hugo", "Manon"],
  es: ["Javier", "Lucía", "Pablo", "Marta", "Diego", "Elena", "Sergio", "Carmen", "Álvaro", "Irene"],
  it: ["Marco", "Giulia", "Luca", "Chiara", "Matteo", "Sara", "Andrea", "Francesca", "Davide", "Elisa"],
  nl: ["Daan", "Sanne", "Bram", "Lotte", "Thijs", "Eva", "Joris", "Femke", "Ruben", "Anouk"],
};
const SURNAMES: Record<Lang, readonly string[]> = {
  en: ["Whitfield", "Hartley", "Ashdown", "Pemberton", "Caldwell", "Fairbairn", "Lockhart", "Sutherland", "Marlow", "Thorne"],
  de: ["Brenner", "Hoffmann", "Kessler", "Lindner", "Vogt", "Wagner", "Hartmann", "Seidel", "Kraus", "Böhm"],
  fr: ["Durand", "Lefèvre", "Moreau", "Garnier", "Rousseau", "Fontaine", "Chevalier", "Mercier", "Blanchard", "Perrin"],
  es: ["Navarro", "Ortega", "Castillo", "Romero", "Herrera", "Vidal", "Serrano", "Molina", "Iglesias", "Cabrera"],
  it: ["Ferrari", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Galli", "Conti", "Mancini", "Lombardi"],
  nl: ["de Vries", "Jansen", "Bakker", "Visser", "Smit", "Meijer", "Mulder", "de Groot", "Bos", "Vos"],
};

const SYLLABLES = ["ka", "lo", "ver", "tra", "nex", "mi", "dor", "sa", "pel", "qua", "ri", "zen", "bel", "to", "mar", "fin", "lux", "or", "via", "cor", "ten", "al", "ion", "ber", "sol", "rix", "don", "ela", "nor", "vi"];

const SECTOR_WORDS: Record<Lang, readonly string[]> = {
  en: ["Supplies", "Systems", "Solutions", "Trading", "Engineering", "Consulting", "Logistics", "Print", "Foods", "Tools", "Electrics", "Design"],
  de: ["Handel", "Technik", "Systeme", "Bürobedarf", "Logistik", "Beratung", "Druck", "Elektro", "Feinkost", "Werkzeuge", "Maschinenbau", "Software"],
  fr: ["Distribution", "Services", "Équipements", "Conseil", "Imprimerie", "Informatique", "Transports", "Fournitures", "Industrie"],
  es: ["Suministros", "Servicios", "Distribuciones", "Ingeniería", "Consultores", "Logística", "Informática", "Comercial"],
  it: ["Forniture", "Servizi", "Sistemi", "Consulting", "Logistica", "Informatica", "Commerciale", "Impianti", "Tecnologie"],
  nl: ["Handel", "Techniek", "Diensten", "Groothandel", "Logistiek", "Advies", "Drukwerk", "Installaties", "Systemen"],
};

const LEGAL_FORMS: Record<Country, readonly string[]> = {
  GB: ["Ltd", "Ltd.", "Limited", "PLC", "LLP"],
  US: ["Inc.", "LLC", "Corp.", "Co."],
  IE: ["Ltd", "Limited", "DAC"],
  DE: ["GmbH", "GmbH", "AG", "GmbH & Co. KG", "e.K.", "KG"],
  AT: ["GmbH", "AG", "OG", "KG"],
  CH: ["AG", "GmbH", "SA", "Sàrl"],
  FR: ["SARL", "SAS", "SA", "EURL"],
  BE: ["SRL", "SA", "BV", "NV"],
  ES: ["S.L.", "S.A.", "S.L.U."],
  IT: ["S.r.l.", "S.p.A.", "S.n.c.", "S.a.s."],
  NL: ["B.V.", "B.V.", "N.V.", "V.O.F."],
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An invented brand word of two or three syllables ("Verlumix"). */
export function brandWord(rng: Rng): string {
  const n = rng.int(2, 3);
  let word = "";
  for (let i = 0; i < n; i += 1) word += rng.pick(SYLLABLES);
  return capitalise(word);
}

export function personName(rng: Rng, lang: Lang): string {
  return `${rng.pick(FIRST_NAMES[lang])} ${rng.pick(SURNAMES[lang])}`;
}

export function companyName(rng: Rng, lang: Lang, country: Country): string {
  const form = rng.pick(LEGAL_FORMS[country]);
  const shape = rng.int(0, 3);
  if (shape === 0) return `${brandWord(rng)} ${rng.pick(SECTOR_WORDS[lang])} ${form}`;
  if (shape === 1) return `${rng.pick(SURNAMES[lang])} ${rng.pick(SECTOR_WORDS[lang])} ${form}`;
  if (shape === 2) return `${brandWord(rng)} ${form}`;
  const [a, b] = rng.sample(SURNAMES[lang], 2);
  return `${a} & ${b} ${form}`;
}

/** A shop name for receipts: no legal form most of the time, often capitals. */
export function shopName(rng: Rng, lang: Lang, country: Country): string {
  const shop: Record<Lang, readonly string[]> = {
    en: ["Market", "Store", "Bakery", "Pharmacy", "Hardware", "Café", "Deli", "Books"],
    de: ["Markt", "Bäckerei", "Apotheke", "Baumarkt", "Café", "Getränke", "Buchhandlung", "Drogerie"],
    fr: ["Marché", "Boulangerie", "Pharmacie", "Bricolage", "Café", "Épicerie", "Librairie"],
    es: ["Mercado", "Panadería", "Farmacia", "Ferretería", "Cafetería", "Librería", "Supermercado"],
    it: ["Market", "Panificio", "Farmacia", "Ferramenta", "Bar", "Alimentari", "Libreria"],
    nl: ["Markt", "Bakkerij", "Apotheek", "Bouwmarkt", "Café", "Slijterij", "Boekhandel"],
  };
  const word = rng.pick(shop[lang]);
  const brand = rng.chance(0.5) ? brandWord(rng) : rng.pick(SURNAMES[lang]);
  const name = rng.chance(0.5) ? `${brand} ${word}` : `${word} ${brand}`;
  const withForm = rng.chance(0.35) ? `${name} ${rng.pick(LEGAL_FORMS[country])}` : name;
  return rng.chance(0.5) ? withForm.toUpperCase() : withForm;
}

export type Address = { street: string; extra: string | null; postcodeCity: string; country: string };

function street(rng: Rng, country: Country): string {
  const root = rng.pick(STREET_ROOTS);
  const n = rng.int(1, 240);
  switch (country) {
    case "GB":
    case "IE":
      return `${n} ${root} ${rng.pick(["Street", "Road", "Lane", "Avenue", "Way", "Close"])}`;
    case "US":
      return `${n} ${root} ${rng.pick(["St", "Ave", "Blvd", "Road", "Drive"])}${rng.chance(0.3) ? ` Suite ${rng.int(100, 900)}` : ""}`;
    case "DE":
    case "AT":
    case "CH":
      return `${root}${rng.pick(["straße", "weg", "gasse", "allee", "ring"])} ${n}${rng.chance(0.15) ? rng.pick(["a", "b"]) : ""}`;
    case "FR":
      return `${n}${rng.chance(0.1) ? " bis" : ""} ${rng.pick(["rue", "avenue", "boulevard", "allée", "place"])} ${rng.pick(["de la", "du", "des"])} ${root}`;
    case "BE":
      return rng.chance(0.5) ? `${root}straat ${n}` : `${rng.pick(["Rue", "Avenue"])} ${rng.pick(["de la", "du"])} ${root} ${n}`;
    case "ES":
      return `${rng.pick(["Calle", "Avenida", "Paseo", "C/"])} ${root} ${n}${rng.chance(0.4) ? `, ${rng.int(1, 6)}º` : ""}`;
    case "IT":
      return `${rng.pick(["Via", "Viale", "Corso", "Piazza"])} ${root} ${n}`;
    case "NL":
      return `${root}${rng.pick(["straat", "weg", "laan", "gracht", "plein"])} ${n}`;
  }
}

function postcodeCity(rng: Rng, country: Country): string {
  const city = rng.pick(CITIES[country]);
  switch (country) {
    case "GB":
      return `${city} ${rng.letters(2)}${rng.int(1, 20)} ${rng.int(1, 9)}${rng.letters(2)}`;
    case "IE":
      return `${city} ${rng.letters(1)}${rng.digits(2)} ${rng.letters(1)}${rng.digits(1)}${rng.letters(2)}`;
    case "US":
      return `${city}, ${rng.pick(US_STATES)} ${rng.digits(5)}`;
    case "AT":
    case "CH":
    case "BE":
      return `${rng.int(1000, 9999)} ${city}`;
    case "NL":
      return `${rng.int(1000, 9999)} ${rng.letters(2)} ${city}`;
    case "DE":
    case "FR":
    case "ES":
    case "IT":
      return `${String(rng.int(1000, 99999)).padStart(5, "0")} ${city}`;
  }
}

export function address(rng: Rng, country: Country, lang: Lang): Address {
  const extra = rng.chance(0.15) ? rng.pick(["Unit 4", "Building B", "2nd floor", "Postfach 12", "BP 45", "Bloque 2", "Scala A"]) : null;
  return { street: street(rng, country), extra, postcodeCity: postcodeCity(rng, country), country: COUNTRY_NAMES[country][lang] };
}

export function phoneNumber(rng: Rng, country: Country): string {
  const prefix: Record<Country, string> = { GB: "+44", US: "+1", IE: "+353", DE: "+49", AT: "+43", CH: "+41", FR: "+33", BE: "+32", ES: "+34", IT: "+39", NL: "+31" };
  return `${prefix[country]} ${rng.int(20, 99)} ${rng.digits(3)} ${rng.digits(4)}`;
}

// ---- IBAN (ISO 13616, check digits mod 97) ----

/** The BBAN shape per country: `n` digit, `a` capital letter, `c` letter or digit. */
const BBAN_SHAPES: Partial<Record<Country, string>> = {
  GB: "aaaannnnnnnnnnnnnn",
  IE: "aaaannnnnnnnnnnnnn",
  DE: "nnnnnnnnnnnnnnnnnn",
  AT: "nnnnnnnnnnnnnnnn",
  CH: "nnnnnnnnnnnnnnnnn",
  FR: "nnnnnnnnnnnnnnnnnnnnnnn",
  BE: "nnnnnnnnnnnn",
  ES: "nnnnnnnnnnnnnnnnnnnn",
  IT: "annnnnnnnnnnnnnnnnnnnnn",
  NL: "aaaannnnnnnnnn",
};

/** The remainder mod 97 of the number formed by the letters-as-numbers form of `text` (A = 10 … Z = 35). */
export function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const value = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

export function ibanIsValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/** A valid IBAN for the country, or null where IBANs are not used (US). */
export function iban(rng: Rng, country: Country): string | null {
  const shape = BBAN_SHAPES[country];
  if (!shape) return null;
  let bban = "";
  for (const kind of shape) bban += kind === "n" ? rng.digits(1) : kind === "a" ? rng.letters(1) : rng.chance(0.5) ? rng.digits(1) : rng.letters(1);
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, "0")}${bban}`;
}

/** An IBAN as printed: in groups of four, or compact. */
export function printIban(value: string, grouped: boolean): string {
  return grouped ? value.replace(/(.{4})/g, "$1 ").trim() : value;
}

export function bic(rng: Rng, country: Country): string {
  return `${rng.letters(4)}${country}${rng.letters(2, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")}${rng.chance(0.4) ? rng.letters(3, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") : ""}`;
}

// ---- VAT identification numbers (shape per country; check digits where the scheme is simple) ----

export type VatId = { printed: string; canonical: string };

function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A VAT id for the country, printed compact or with the spacing that country's documents use; null for the US. */
export function vatId(rng: Rng, country: Country): VatId | null {
  let printed: string;
  switch (country) {
    case "US":
      return null;
    case "DE": {
      const d = rng.digits(9);
      printed = rng.chance(0.3) ? `DE ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : `DE${d}`;
      break;
    }
    case "AT":
      printed = `ATU${rng.digits(8)}`;
      break;
    case "CH": {
      const d = rng.digits(9);
      printed = `CHE-${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
      break;
    }
    case "FR": {
      const siren = `${rng.int(1, 9)}${rng.digits(8)}`;
      const key = String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
      printed = rng.chance(0.4) ? `FR ${key} ${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}` : `FR${key}${siren}`;
      break;
    }
    case "BE": {
      const base = `0${rng.int(2, 9)}${rng.digits(6)}`;
      const check = String(97 - (Number(base) % 97)).padStart(2, "0");
      const all = `${base}${check}`;
      printed = rng.chance(0.4) ? `BE ${all.slice(0, 4)}.${all.slice(4, 7)}.${all.slice(7)}` : `BE${all}`;
      break;
    }
    case "ES":
      printed = `ES${rng.letters(1, "ABCDEFGHJ")}${rng.digits(8)}`;
      break;
    case "IT": {
      const body = rng.digits(10);
      printed = `IT${body}${luhnCheckDigit(body)}`;
      break;
    }
    case "NL":
      printed = `NL${rng.digits(9)}B${rng.digits(2)}`;
      break;
    case "GB": {
      const d = rng.digits(9);
      printed = rng.chance(0.5) ? `GB ${d.slice(0, 3)} ${d.slice(3, 7)} ${d.slice(7)}` : `GB${d}`;
      break;
    }
    case "IE":
      printed = `IE${rng.digits(7)}${rng.letters(1)}${rng.chance(0.3) ? "H" : ""}`;
      break;
  }
  return { printed, canonical: printed.replace(/[^A-Za-z0-9]/g, "").toUpperCase() };
}

/** A company registration line (a distractor id near the VAT id). */
export function registration(rng: Rng, country: Country): string | null {
  switch (country) {
    case "DE":
      return `${rng.pick(["Amtsgericht", "AG"])} ${rng.pick(CITIES.DE)} HRB ${rng.int(1000, 99999)}`;
    case "AT":
      return `FN ${rng.int(10000, 599999)}${rng.letters(1, "abcdghikmpstvwxyz")}`;
    case "FR":
      return `RCS ${rng.pick(CITIES.FR)} ${rng.digits(3)} ${rng.digits(3)} ${rng.digits(3)}`;
    case "NL":
      return `KvK ${rng.digits(8)}`;
    case "IT":
      return `REA ${rng.letters(2)}-${rng.int(100000, 999999)}`;
    case "ES":
      return `Reg. Merc. ${rng.pick(CITIES.ES)}, Tomo ${rng.int(1000, 9999)}, Hoja ${rng.letters(1)}-${rng.int(10000, 99999)}`;
    case "GB":
      return `Company No. ${rng.digits(8)}`;
    case "BE":
      return `RPM ${rng.pick(CITIES.BE)}`;
    default:
      return null;
  }
}

/**
 * What a document says, before any layout: parties, dates, references, line items and totals. Money is integer
 * cents, quantities and rates hundredths, so qty × unit price = amount, Σ amounts = subtotal and subtotal + tax =
 * total hold exactly, as printed.
 */
import { addDays, type CalendarDate } from "./formats";
import type { Lang } from "./labels";
import { address, bic, brandWord, companyName, iban, personName, phoneNumber, registration, shopName, vatId, type Address, type Country, type VatId } from "./parties";
import type { Rng } from "./rng";

export type Party = {
  name: string;
  address: Address;
  vatId: VatId | null;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  phone: string;
  email: string;
  website: string;
  registration: string | null;
};

export type LineItem = {
  position: number;
  code: string | null;
  description: string;
  /** Hundredths: 150 = 1.5. */
  quantity: number;
  unit: string | null;
  /** Cents. */
  unitPrice: number;
  /** Hundredths of a percent, 0 for none. */
  discountPercent: number;
  /** Hundredths of a percent. */
  taxRate: number;
  /** Cents: round(quantity × unit price × (1 − discount)). */
  amount: number;
  /** The table section heading this row sits under, if the layout groups rows. */
  section: string | null;
  /** The outline number printed for it when it is one ("2.1": a bundle's or group's member), else its position. */
  outline?: string;
  /** A bundle's contents, printed under it numbered "n.1", "n.2" without a price (the bundle's line is the item). */
  contents?: string[];
  /** A group's members, printed under its line numbered "n.1", "n.2" at its unit price (the members are the items). */
  members?: Array<{ description: string; quantity: number; amount: number }>;
};

/** Items printed as bundles or groups (`--table-shapes`): a priced line over unpriced contents, a line totalling its members. */
export type BundleShape = "priced-bundle" | "group-total" | "both";

export type TaxLine = { rate: number; base: number; tax: number };

export type Totals = {
  itemsTotal: number;
  /** Document discount in hundredths of a percent (applied per tax rate), 0 for none. */
  discountPercent: number;
  discount: number;
  shipping: number;
  /** Net total, the tax basis: items − discount + shipping. */
  subtotal: number;
  taxes: TaxLine[];
  taxTotal: number;
  total: number;
  prepaid: number;
  amountDue: number;
};

export type InvoiceContent = {
  vendor: Party;
  customer: Party;
  customerContact: string | null;
  shipTo: Address | null;
  number: string;
  customerNumber: string | null;
  date: CalendarDate;
  dueDate: CalendarDate;
  deliveryDate: CalendarDate | null;
  paymentDays: number;
  purchaseOrder: string;
  items: LineItem[];
  totals: Totals;
};

export type ReceiptItem = { description: string; quantity: number; unitPrice: number; amount: number; taxCode: string };

export type ReceiptContent = {
  shop: Party;
  date: CalendarDate;
  time: string;
  number: string;
  cashier: string;
  till: number;
  items: ReceiptItem[];
  total: number;
  /** Tax included in the total, per rate. */
  taxes: Array<{ code: string; rate: number; gross: number; tax: number }>;
  payment: { kind: "cash"; tendered: number; change: number } | { kind: "card"; last4: string };
};

export const TAX_RATES: Record<Country, readonly number[]> = {
  GB: [2000, 500, 0],
  IE: [2300, 1350, 900],
  US: [625, 700, 825, 875, 600],
  DE: [1900, 700],
  AT: [2000, 1000, 1300],
  CH: [810, 260, 380],
  FR: [2000, 550, 1000],
  BE: [2100, 600, 1200],
  ES: [2100, 1000, 400],
  IT: [2200, 1000, 400],
  NL: [2100, 900],
};

const GOODS: Record<Lang, readonly string[]> = {
  en: ["Office chair", "Desk lamp", "Printer paper A4", "Toner cartridge", "Cable ties", "Safety gloves", "Steel bracket", "USB-C cable", "Monitor stand", "Storage box", "Whiteboard marker", "Hex bolt M8", "Label roll", "Drill bit set", "Notebook", "Coffee beans", "Cleaning spray", "LED panel", "Extension lead", "Packing tape"],
  de: ["Bürostuhl", "Schreibtischleuchte", "Kopierpapier A4", "Tonerkartusche", "Kabelbinder", "Schutzhandschuhe", "Winkelverbinder", "USB-C-Kabel", "Monitorständer", "Aufbewahrungsbox", "Whiteboard-Marker", "Sechskantschraube M8", "Etikettenrolle", "Bohrer-Set", "Notizbuch", "Kaffeebohnen", "Reinigungsspray", "LED-Panel", "Verlängerungskabel", "Packband"],
  fr: ["Chaise de bureau", "Lampe de bureau", "Papier A4", "Cartouche de toner", "Colliers de serrage", "Gants de protection", "Équerre acier", "Câble USB-C", "Support d'écran", "Boîte de rangement", "Marqueur effaçable", "Vis hexagonale M8", "Rouleau d'étiquettes", "Coffret de forets", "Cahier", "Café en grains", "Spray nettoyant", "Panneau LED", "Rallonge électrique", "Ruban adhésif"],
  es: ["Silla de oficina", "Lámpara de escritorio", "Papel A4", "Cartucho de tóner", "Bridas de plástico", "Guantes de seguridad", "Escuadra de acero", "Cable USB-C", "Soporte de monitor", "Caja de almacenaje", "Rotulador de pizarra", "Tornillo hexagonal M8", "Rollo de etiquetas", "Juego de brocas", "Cuaderno", "Café en grano", "Spray limpiador", "Panel LED", "Alargador eléctrico", "Cinta de embalar"],
  it: ["Sedia da ufficio", "Lampada da scrivania", "Carta A4", "Cartuccia toner", "Fascette", "Guanti di protezione", "Staffa in acciaio", "Cavo USB-C", "Supporto monitor", "Scatola portaoggetti", "Pennarello per lavagna", "Bullone esagonale M8", "Rotolo etichette", "Set di punte", "Quaderno", "Caffè in grani", "Spray detergente", "Pannello LED", "Prolunga elettrica", "Nastro adesivo"],
  nl: ["Bureaustoel", "Bureaulamp", "Printpapier A4", "Tonercartridge", "Tiewraps", "Werkhandschoenen", "Stalen hoekbeugel", "USB-C-kabel", "Monitorstandaard", "Opbergbox", "Whiteboardstift", "Zeskantbout M8", "Etiketrol", "Borenset", "Notitieboek", "Koffiebonen", "Reinigingsspray", "LED-paneel", "Verlengsnoer", "Verpakkingstape"],
};

const SERVICES: Record<Lang, readonly string[]> = {
  en: ["Consulting services", "Installation", "Software licence (annual)", "Maintenance contract", "Project management", "Training session", "Support hours", "Design work", "On-site visit", "Data migration"],
  de: ["Beratungsleistung", "Montage", "Softwarelizenz (jährlich)", "Wartungsvertrag", "Projektleitung", "Schulung", "Supportstunden", "Gestaltung", "Vor-Ort-Termin", "Datenmigration"],
  fr: ["Prestation de conseil", "Installation", "Licence logicielle (annuelle)", "Contrat de maintenance", "Gestion de projet", "Formation", "Heures de support", "Travaux de conception", "Intervention sur site", "Migration de données"],
  es: ["Servicios de consultoría", "Instalación", "Licencia de software (anual)", "Contrato de mantenimiento", "Gestión de proyecto", "Formación", "Horas de soporte", "Trabajo de diseño", "Visita técnica", "Migración de datos"],
  it: ["Servizi di consulenza", "Installazione", "Licenza software (annuale)", "Contratto di manutenzione", "Gestione progetto", "Corso di formazione", "Ore di assistenza", "Progettazione grafica", "Intervento in sede", "Migrazione dati"],
  nl: ["Advieswerkzaamheden", "Installatie", "Softwarelicentie (jaarlijks)", "Onderhoudscontract", "Projectmanagement", "Training", "Supporturen", "Ontwerpwerk", "Bezoek op locatie", "Datamigratie"],
};

const DETAILS: Record<Lang, readonly string[]> = {
  en: ["black", "grey, pack of 10", "as agreed in the quotation", "incl. mounting kit", "for the period 01-03", "according to the attached report", "stainless steel, 40 mm", "remote, per hour", "colour: white", "with two-year warranty"],
  de: ["schwarz", "grau, 10er-Pack", "laut Angebot", "inkl. Montageset", "für den Zeitraum 01-03", "gemäß beiliegendem Bericht", "Edelstahl, 40 mm", "remote, je Stunde", "Farbe: weiß", "mit zwei Jahren Garantie"],
  fr: ["noir", "gris, lot de 10", "selon devis", "avec kit de fixation", "pour la période 01-03", "selon rapport joint", "inox, 40 mm", "à distance, par heure", "coloris : blanc", "garantie deux ans"],
  es: ["negro", "gris, paquete de 10", "según presupuesto", "incl. kit de montaje", "para el periodo 01-03", "según informe adjunto", "acero inoxidable, 40 mm", "remoto, por hora", "color: blanco", "con dos años de garantía"],
  it: ["nero", "grigio, confezione da 10", "come da preventivo", "incl. kit di montaggio", "per il periodo 01-03", "come da rapporto allegato", "acciaio inox, 40 mm", "da remoto, all'ora", "colore: bianco", "con garanzia di due anni"],
  nl: ["zwart", "grijs, 10 stuks", "volgens offerte", "incl. montageset", "voor de periode 01-03", "volgens bijgevoegd rapport", "rvs, 40 mm", "op afstand, per uur", "kleur: wit", "met twee jaar garantie"],
};

export const SECTIONS: Record<Lang, readonly string[]> = {
  en: ["Hardware", "Services", "Materials", "Labour", "Licences", "Consumables"],
  de: ["Hardware", "Dienstleistungen", "Material", "Arbeitszeit", "Lizenzen", "Verbrauchsmaterial"],
  fr: ["Matériel", "Prestations", "Fournitures", "Main-d'œuvre", "Licences", "Consommables"],
  es: ["Material", "Servicios", "Suministros", "Mano de obra", "Licencias", "Consumibles"],
  it: ["Materiale", "Servizi", "Forniture", "Manodopera", "Licenze", "Materiali di consumo"],
  nl: ["Hardware", "Diensten", "Materialen", "Arbeid", "Licenties", "Verbruiksartikelen"],
};

export const UNITS: Record<Lang, { piece: readonly string[]; hour: string }> = {
  en: { piece: ["pcs", "ea", "unit", "box"], hour: "h" },
  de: { piece: ["Stk.", "Stück", "Pkt.", "St"], hour: "Std." },
  fr: { piece: ["pce", "u", "lot", "pièce"], hour: "h" },
  es: { piece: ["ud.", "uds", "caja"], hour: "h" },
  it: { piece: ["pz", "nr", "conf."], hour: "ore" },
  nl: { piece: ["st.", "stuks", "doos"], hour: "uur" },
};

const RECEIPT_GOODS: Record<Lang, readonly string[]> = {
  en: ["MILK 1L", "WHOLEMEAL BREAD", "BANANAS", "CHEDDAR 200G", "APPLE JUICE", "EGGS 6PK", "PASTA 500G", "TOMATOES", "COFFEE", "TEA BAGS 80", "BATTERIES AA", "NOTEPAD", "SCREWS 4X40", "SHAMPOO", "TOOTHPASTE", "SPARKLING WATER", "CROISSANT", "SANDWICH", "CHOC BAR", "RICE 1KG"],
  de: ["VOLLMILCH 1L", "VOLLKORNBROT", "BANANEN", "GOUDA 200G", "APFELSAFT", "EIER 10ER", "SPAGHETTI 500G", "TOMATEN", "KAFFEE", "TEE 20 BTL", "BATTERIEN AA", "COLLEGEBLOCK", "SCHRAUBEN 4X40", "SHAMPOO", "ZAHNCREME", "MINERALWASSER", "BREZEL", "BELEGTES BROT", "SCHOKOLADE", "REIS 1KG"],
  fr: ["LAIT DEMI-ECR 1L", "PAIN COMPLET", "BANANES", "EMMENTAL 200G", "JUS DE POMME", "OEUFS X6", "PATES 500G", "TOMATES", "CAFE MOULU", "THE VERT", "PILES AA", "BLOC NOTES", "VIS 4X40", "SHAMPOING", "DENTIFRICE", "EAU GAZEUSE", "CROISSANT", "SANDWICH", "CHOCOLAT NOIR", "RIZ 1KG"],
  es: ["LECHE ENTERA 1L", "PAN INTEGRAL", "PLATANOS", "QUESO 200G", "ZUMO MANZANA", "HUEVOS 12U", "MACARRONES 500G", "TOMATES", "CAFE MOLIDO", "TE 20 SOBRES", "PILAS AA", "LIBRETA", "TORNILLOS 4X40", "CHAMPU", "PASTA DENTAL", "AGUA CON GAS", "CROISSANT", "BOCADILLO", "CHOCOLATE", "ARROZ 1KG"],
  it: ["LATTE INTERO 1L", "PANE INTEGRALE", "BANANE", "PARMIGIANO 200G", "SUCCO MELA", "UOVA X6", "PENNE 500G", "POMODORI", "CAFFE MACINATO", "TE NERO", "PILE AA", "BLOCCO NOTE", "VITI 4X40", "SHAMPOO", "DENTIFRICIO", "ACQUA FRIZZANTE", "CORNETTO", "TRAMEZZINO", "CIOCCOLATO", "RISO 1KG"],
  nl: ["HALFVOLLE MELK 1L", "VOLKORENBROOD", "BANANEN", "KAAS 200G", "APPELSAP", "EIEREN 10ST", "PASTA 500G", "TOMATEN", "KOFFIE", "THEE 20ST", "BATTERIJEN AA", "SCHRIJFBLOK", "SCHROEVEN 4X40", "SHAMPOO", "TANDPASTA", "BRUISWATER", "CROISSANT", "BROODJE", "CHOCOLADE", "RIJST 1KG"],
};

function party(rng: Rng, lang: Lang, country: Country, name: string): Party {
  const domain = `${name.split(/[\s&]+/)[0]!.toLowerCase().normalize("NFD").replace(/[^a-z]/g, "") || "example"}.${country === "GB" ? "co.uk" : country === "US" ? "com" : country.toLowerCase()}`;
  return {
    name,
    address: address(rng, country, lang),
    vatId: vatId(rng, country),
    iban: iban(rng, country),
    bic: bic(rng, country),
    bankName: `${rng.pick(["Banca", "Bank", "Caisse", "Sparkasse", "Volksbank", "Crédit", "Banco", "Triodos"])} ${rng.pick(["Nord", "Centrale", "Popolare", "Regional", "Mutuel", "Süd", "Rural", "Union"])}`,
    phone: phoneNumber(rng, country),
    email: `${rng.pick(["info", "billing", "accounts", "invoices", "office", "contact"])}@${domain}`,
    website: `www.${domain}`,
    registration: registration(rng, country),
  };
}

export function vendorParty(rng: Rng, lang: Lang, country: Country): Party {
  return party(rng, lang, country, companyName(rng, lang, country));
}

export function shopParty(rng: Rng, lang: Lang, country: Country): Party {
  return party(rng, lang, country, shopName(rng, lang, country));
}

/** A number from a pattern: `Y` year (4), `y` year (2), `M` month, `n` digit, `A` letter; other characters verbatim. */
export function fromPattern(rng: Rng, pattern: string, date: CalendarDate): string {
  let out = "";
  for (const ch of pattern) {
    if (ch === "Y") out += String(date.year);
    else if (ch === "y") out += String(date.year).slice(2);
    else if (ch === "M") out += String(date.month).padStart(2, "0");
    else if (ch === "n") out += rng.digits(1);
    else if (ch === "A") out += rng.letters(1);
    else out += ch;
  }
  return out;
}

export const INVOICE_NUMBER_PATTERNS = ["INV-Y-nnnn", "Ynnnnn", "RE-nnnnnn", "FyM-nnnn", "nnnnnn", "FA-Y-nnn", "y-nnnn/A", "AAnnnnnnn", "Y/nnnn", "INVnnnnn", "R-yMnnn", "nnnn-y"];
export const PO_PATTERNS = ["PO-nnnnn", "nnnnnnnn", "BST-nnnn", "4500nnnnnn", "PO/y/nnn", "ORD-nnnnnn", "AAA-nnnn"];
export const CODE_PATTERNS = ["AA-nnnn", "nnnnnn", "SKU-nnnnn", "Annn-nnn-A", "nnn.nnn.nn", "AAAnnnn"];

export type InvoiceOptions = {
  lang: Lang;
  country: Country;
  customerCountry: Country;
  vendor: Party;
  numberPattern: string;
  poPattern: string;
  codePattern: string;
  /** How many tax rates this document's lines use (1 or more). */
  taxRates: number;
  discount: boolean;
  lineDiscounts: boolean;
  shipping: boolean;
  prepaid: boolean;
  sections: boolean;
  hoursShare: number;
  /** Fraction of lines whose description gets a detail long enough to wrap. */
  longDescriptions: number;
  items: { min: number; max: number };
  /** Bundles or groups among the items (only with `--table-shapes`; drawn from a stream of their own). */
  bundles?: BundleShape;
};

function calendarDate(rng: Rng): CalendarDate {
  const year = rng.int(2019, 2026);
  const month = rng.int(1, 12);
  return { year, month, day: rng.int(1, 28) + (month !== 2 && rng.chance(0.2) ? rng.int(0, 2) : 0) };
}

function percentOf(cents: number, hundredthsPercent: number): number {
  return Math.round((cents * hundredthsPercent) / 10000);
}

/** round(quantity × unit price × (1 − discount)), all integers. */
export function lineAmount(quantity: number, unitPrice: number, discountPercent: number): number {
  const gross = Math.round((quantity * unitPrice) / 100);
  return gross - percentOf(gross, discountPercent);
}

/** Totals by construction: the discount applies per tax rate, shipping is taxed at the first (standard) rate. */
export function computeTotals(items: LineItem[], options: { rates: readonly number[]; discountPercent: number; shipping: number; prepaidShare: number }): Totals {
  const itemsTotal = items.reduce((sum, item) => sum + item.amount, 0);
  const taxes: TaxLine[] = [];
  let discount = 0;
  for (const rate of options.rates) {
    const gross = items.filter((item) => item.taxRate === rate).reduce((sum, item) => sum + item.amount, 0);
    const rateDiscount = percentOf(gross, options.discountPercent);
    discount += rateDiscount;
    const base = gross - rateDiscount + (rate === options.rates[0] ? options.shipping : 0);
    if (base === 0 && gross === 0) continue;
    taxes.push({ rate, base, tax: percentOf(base, rate) });
  }
  const subtotal = itemsTotal - discount + options.shipping;
  const taxTotal = taxes.reduce((sum, t) => sum + t.tax, 0);
  const total = subtotal + taxTotal;
  // A prepayment is a round sum (whole currency units), a share of the total.
  const prepaid = options.prepaidShare > 0 ? Math.floor((total * options.prepaidShare) / 10000) * 100 : 0;
  return { itemsTotal, discountPercent: options.discountPercent, discount, shipping: options.shipping, subtotal, taxes, taxTotal, total, prepaid, amountDue: total - prepaid };
}

function lineItems(rng: Rng, options: InvoiceOptions, rates: readonly number[]): LineItem[] {
  const count = rng.int(options.items.min, options.items.max);
  const sectionNames = options.sections ? rng.sample(SECTIONS[options.lang], rng.int(2, 3)) : [];
  const items: LineItem[] = [];
  for (let i = 0; i < count; i += 1) {
    const hours = rng.chance(options.hoursShare);
    let description = hours ? rng.pick(SERVICES[options.lang]) : rng.pick(GOODS[options.lang]);
    if (rng.chance(options.longDescriptions)) description += `, ${rng.sample(DETAILS[options.lang], rng.int(1, 2)).join(", ")}`;
    else if (rng.chance(0.3)) description += ` ${brandWord(rng)}`;
    const quantity = hours ? rng.pick([25, 50, 75, 100, 150, 200, 250, 400, 750, 800, 1200]) : rng.chance(0.5) ? 100 : rng.int(2, 48) * 100;
    const unitPrice = hours ? rng.int(45, 180) * 100 + rng.pick([0, 0, 50]) : rng.weighted([[rng.int(30, 999), 3], [rng.int(1000, 19999), 4], [rng.int(20000, 249999), 2]] as const);
    const discountPercent = options.lineDiscounts && rng.chance(0.4) ? rng.pick([500, 1000, 1500, 250, 2000]) : 0;
    const taxRate = rates.length > 1 && rng.chance(0.35) ? rng.pick(rates.slice(1)) : rates[0]!;
    const section = sectionNames.length > 0 ? sectionNames[Math.min(sectionNames.length - 1, Math.floor((i * sectionNames.length) / count))]! : null;
    items.push({
      position: i + 1,
      code: fromPattern(rng, options.codePattern, { year: 2024, month: 1, day: 1 }),
      description,
      quantity,
      unit: hours ? UNITS[options.lang].hour : rng.pick(UNITS[options.lang].piece),
      unitPrice,
      discountPercent,
      taxRate,
      amount: lineAmount(quantity, unitPrice, discountPercent),
      section,
    });
  }
  // Every rate a document names is used by at least one line.
  if (rates.length > 1 && !items.some((item) => item.taxRate !== rates[0])) {
    const last = items[items.length - 1]!;
    last.taxRate = rates[1]!;
  }
  if (options.bundles) addBundles(rng.fork("bundles"), items, options.lang, options.bundles);
  return items;
}

/**
 * Turns some items into bundles (unpriced contents under the priced line) or groups (members whose amounts add up to
 * the group's line: whole units at the group's unit price, so the sum is exact). Amounts and totals do not change.
 */
function addBundles(rng: Rng, items: LineItem[], lang: Lang, shape: BundleShape): void {
  for (const item of items) {
    if (!rng.chance(0.35)) continue;
    const splittable = item.discountPercent === 0 && item.quantity % 100 === 0 && item.quantity >= 200;
    const group = shape === "group-total" || (shape === "both" && rng.chance(0.5));
    if (group && splittable) {
      const units = item.quantity / 100;
      const parts = Math.min(units, rng.int(2, 3));
      const cuts = rng.sample(Array.from({ length: units - 1 }, (_, k) => k + 1), parts - 1).sort((a, b) => a - b);
      const bounds = [0, ...cuts, units];
      const names = rng.sample(GOODS[lang], parts);
      item.members = names.map((description, k) => {
        const quantity = (bounds[k + 1]! - bounds[k]!) * 100;
        return { description, quantity, amount: lineAmount(quantity, item.unitPrice, 0) };
      });
    } else if (!group) {
      item.contents = rng.sample(GOODS[lang], rng.int(2, 3));
    }
  }
}

export function invoiceContent(rng: Rng, options: InvoiceOptions): InvoiceContent {
  const date = calendarDate(rng);
  const paymentDays = rng.pick([7, 10, 14, 14, 30, 30, 30, 45, 60]);
  const countryRates = TAX_RATES[options.country];
  const rates = options.country === "US" ? [rng.pick(countryRates)] : countryRates.slice(0, Math.min(options.taxRates, countryRates.length));
  const items = lineItems(rng, options, rates);
  const totals = computeTotals(items, {
    rates,
    discountPercent: options.discount ? rng.pick([200, 300, 500, 1000]) : 0,
    shipping: options.shipping ? rng.pick([490, 595, 990, 1250, 1500, 2500, 4900]) : 0,
    prepaidShare: options.prepaid ? rng.pick([20, 30, 50]) : 0,
  });
  const customerName = rng.chance(0.85) ? companyName(rng, options.lang, options.customerCountry) : personName(rng, options.lang);
  return {
    vendor: options.vendor,
    customer: party(rng, options.lang, options.customerCountry, customerName),
    customerContact: rng.chance(0.4) ? personName(rng, options.lang) : null,
    shipTo: rng.chance(0.5) ? address(rng, options.customerCountry, options.lang) : null,
    number: fromPattern(rng, options.numberPattern, date),
    customerNumber: rng.chance(0.6) ? `${rng.pick(["K", "C", "", "D"])}${rng.digits(rng.int(4, 7))}` : null,
    date,
    dueDate: addDays(date, paymentDays),
    deliveryDate: rng.chance(0.6) ? addDays(date, -rng.int(0, 10)) : null,
    paymentDays,
    purchaseOrder: fromPattern(rng, options.poPattern, date),
    items,
    totals,
  };
}

export function receiptContent(rng: Rng, options: { lang: Lang; country: Country; shop: Party; items: { min: number; max: number } }): ReceiptContent {
  const count = rng.int(options.items.min, options.items.max);
  const rates = TAX_RATES[options.country];
  const codes = ["A", "B", "C"];
  const items: ReceiptItem[] = [];
  for (let i = 0; i < count; i += 1) {
    const quantity = rng.chance(0.75) ? 100 : rng.int(2, 6) * 100;
    const unitPrice = rng.weighted([[rng.int(29, 999), 5], [rng.int(1000, 4999), 2], [rng.int(5000, 14999), 1]] as const);
    const rateIndex = rates.length > 1 && rng.chance(0.3) ? 1 : 0;
    items.push({ description: rng.pick(RECEIPT_GOODS[options.lang]), quantity, unitPrice, amount: lineAmount(quantity, unitPrice, 0), taxCode: codes[rateIndex]! });
  }
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  const taxes = rates.slice(0, 2).flatMap((rate, index) => {
    const gross = items.filter((item) => item.taxCode === codes[index]).reduce((sum, item) => sum + item.amount, 0);
    // Tax contained in a gross amount: gross × r / (100 + r).
    return gross > 0 ? [{ code: codes[index]!, rate, gross, tax: Math.round((gross * rate) / (10000 + rate)) }] : [];
  });
  const tendered = Math.ceil(total / 500) * 500 + rng.pick([0, 0, 500, 1000, 2000]);
  const date = calendarDate(rng);
  return {
    shop: options.shop,
    date,
    time: `${String(rng.int(7, 21)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}${rng.chance(0.5) ? `:${String(rng.int(0, 59)).padStart(2, "0")}` : ""}`,
    number: `${rng.digits(rng.int(4, 8))}`,
    cashier: rng.chance(0.5) ? personName(rng, options.lang).split(" ")[0]! : rng.digits(3),
    till: rng.int(1, 12),
    items,
    total,
    taxes,
    payment: rng.chance(0.5) ? { kind: "cash", tendered, change: tendered - total } : { kind: "card", last4: rng.digits(4) },
  };
}

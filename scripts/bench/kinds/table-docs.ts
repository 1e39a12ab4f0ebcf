/**
 * Documents of other kinds with table fields: bank statements whose transactions are a table (header on one or two
 * lines, or none; signed amounts or money out / money in columns; English, German or French; one or two pages with
 * carried-forward lines and page footers; descriptions wrapped over two lines) and résumés whose experience and
 * education are list-like sections (one entry a job or school, its parts on one or two lines in several orders).
 * Written by generate.ts with `--tables N`; the ground truth has `tables` beside `fields`, and the specs the table
 * field's columns as a user would define them (English names; the documents print other languages).
 *
 * SYNTHETIC: every value is invented (pools.ts), every layout drawn here.
 */
import type { FieldDefinition } from "../../../lib/extraction";
import * as P from "./pools";
import { Sheet } from "./sheet";

export type Row = Record<string, string>;
export type TableMade = { bytes: Uint8Array; fields: Record<string, string>; variant: string; tables: Record<string, Row[]>; specs: FieldDefinition[] };

type Lang = "en" | "de" | "fr";
const HEADERS: Record<Lang, { date: string[]; desc: string[]; amount: string[]; out: string[]; in: string[]; balance: string[] }> = {
  en: { date: ["Date", "Posting|Date"], desc: ["Description", "Transaction|Details"], amount: ["Amount", "Amount|(USD)"], out: ["Withdrawals", "Money|Out"], in: ["Deposits", "Money|In"], balance: ["Balance", "Running|Balance"] },
  de: { date: ["Datum", "Buchungs|datum"], desc: ["Buchungstext", "Vorgang|Verwendungszweck"], amount: ["Betrag", "Betrag|EUR"], out: ["Soll", "Soll|EUR"], in: ["Haben", "Haben|EUR"], balance: ["Saldo", "Kontostand|EUR"] },
  fr: { date: ["Date", "Date|opération"], desc: ["Libellé", "Nature de|l'opération"], amount: ["Montant", "Montant|EUR"], out: ["Débit", "Débit|EUR"], in: ["Crédit", "Crédit|EUR"], balance: ["Solde", "Solde|EUR"] },
};
const WORDS: Record<Lang, { credit: string[]; debit: string[]; refs: string[]; opening: string; closing: string; carried: string; brought: string; page: (a: number, b: number) => string; title: string }> = {
  en: { credit: ["Direct deposit payroll", "Mobile check deposit", "Transfer from savings", "Interest payment"], debit: ["Card purchase", "ATM withdrawal", "Online transfer to savings", "Utility payment", "Insurance premium", "Rent payment"], refs: ["GROCERY MART 4411", "REF 88231 ONLINE", "CITY WATER DEPT", "CARD ENDING 0192"], opening: "Opening balance", closing: "Closing balance", carried: "Balance carried forward", brought: "Balance brought forward", page: (a, b) => `Page ${a} of ${b}`, title: "Account activity" },
  de: { credit: ["Gehalt", "Gutschrift Erstattung", "Umbuchung Sparkonto"], debit: ["Kartenzahlung", "Lastschrift Stadtwerke", "Bargeldauszahlung", "Dauerauftrag Miete", "Lastschrift Versicherung"], refs: ["REWE MARKT 2231", "MANDAT 77120 SEPA", "KUNDENNR 55102", "GAA FILIALE 0192"], opening: "Alter Kontostand", closing: "Neuer Kontostand", carried: "Übertrag", brought: "Übertrag", page: (a, b) => `Seite ${a} von ${b}`, title: "Umsätze" },
  fr: { credit: ["Virement salaire", "Remise de chèque", "Virement reçu"], debit: ["Paiement carte", "Retrait DAB", "Prélèvement énergie", "Virement loyer", "Prélèvement assurance"], refs: ["CARREFOUR 4411", "REF 88231 SEPA", "ECHEANCE 55102", "DAB AGENCE 0192"], opening: "Solde précédent", closing: "Nouveau solde", carried: "Solde à reporter", brought: "Report solde", page: (a, b) => `Page ${a} / ${b}`, title: "Opérations" },
};

const cents = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => n.toFixed(2);

function printAmount(n: number, lang: Lang, signStyle: "minus" | "parens"): string {
  const abs = Math.abs(n);
  const s = lang === "en" ? P.plain(abs) : abs.toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (n >= 0) return s;
  return signStyle === "parens" && lang === "en" ? `(${s})` : `-${s}`;
}

function printDate(d: P.Day, lang: Lang, style: number): string {
  const dd = String(d.d).padStart(2, "0");
  const mm = String(d.m).padStart(2, "0");
  if (lang === "de") return `${dd}.${mm}.${d.y}`;
  if (lang === "fr") return `${dd}/${mm}/${d.y}`;
  return style === 0 ? `${mm}/${dd}/${d.y}` : `${P.monthName(d.m).slice(0, 3)} ${d.d}, ${d.y}`;
}

export async function statementWithTransactions(rng: P.Rng): Promise<TableMade> {
  const lang = rng.pick<Lang>(["en", "en", "de", "fr"]);
  const split = rng.chance(0.4);
  const header = rng.pick(["one-line", "two-line", "none"] as const);
  const pages = rng.chance(0.45) ? 2 : 1;
  const repeatHeader = header !== "none" && rng.chance(0.5);
  const dateStyle = rng.int(0, 1);
  const signStyle = rng.pick(["minus", "parens"] as const);
  const w = WORDS[lang];
  const h = HEADERS[lang];
  const s = await Sheet.create();
  const bank = P.bank(rng);
  const holder = P.person(rng);
  const ha = P.address(rng);
  const account = `${rng.digits(4)}${rng.digits(6)}`;
  const m = rng.int(1, 11);
  const opening = P.money(rng, 300, 9000);
  const n = pages === 2 ? rng.int(26, 34) : rng.int(6, 12);
  const days = Array.from({ length: n }, () => rng.int(1, 28)).sort((a, b) => a - b);
  let balance = opening;
  const tx = days.map((d) => {
    const credit = rng.chance(0.25);
    const amount = credit ? P.money(rng, 100, 3000) : -P.money(rng, 5, 900);
    balance = cents(balance + amount);
    const text = rng.pick(credit ? w.credit : w.debit);
    const wrap = rng.chance(0.3) ? rng.pick(w.refs) : null;
    return { day: P.day(2024, m, d), amount, balance, text, wrap };
  });
  s.text(bank, 40, 36, { size: 16, bold: true });
  s.lines([holder.full.toUpperCase(), ha.street.toUpperCase(), ha.cityLine.toUpperCase()], 40, 80);
  s.text(`${lang === "en" ? "Account number" : lang === "de" ? "Kontonummer" : "Numéro de compte"}: ${account}`, 330, 80);
  s.text(w.title, 40, 150, { size: 11, bold: true });
  // Columns: date, description, then money columns right-aligned at these x positions.
  const moneyCols = split ? [{ key: "withdrawal", labels: h.out, right: 400 }, { key: "deposit", labels: h.in, right: 480 }, { key: "balance", labels: h.balance, right: 565 }] : [{ key: "amount", labels: h.amount, right: 440 }, { key: "balance", labels: h.balance, right: 540 }];
  const style = header === "two-line" ? 1 : 0;
  const drawHeader = (top: number): number => {
    const parts = (labels: string[]) => labels[style]!.split("|");
    const put = (labels: string[], x: number, right?: number) => parts(labels).forEach((t, i) => (right ? s.textRight(t, right, top + i * 11, { bold: true, size: 9 }) : s.text(t, x, top + i * 11, { bold: true, size: 9 })));
    put(h.date, 40);
    put(h.desc, 120);
    for (const c of moneyCols) put(c.labels, 0, c.right);
    return top + (style === 1 ? 30 : 18);
  };
  const line = (top: number, cells: { date?: string; desc?: string; money: Record<string, string> }) => {
    if (cells.date) s.text(cells.date, 40, top, { size: 9 });
    if (cells.desc) s.text(cells.desc, 120, top, { size: 9 });
    for (const c of moneyCols) if (cells.money[c.key]) s.textRight(cells.money[c.key]!, c.right, top, { size: 9 });
  };
  let top = header === "none" ? 170 : drawHeader(170);
  line(top, { desc: w.opening, money: { balance: printAmount(opening, lang, signStyle) } });
  top += 16;
  const perPage = pages === 2 ? Math.ceil(n * rng.pick([0.55, 0.65])) : n;
  const rows: Row[] = [];
  tx.forEach((t, i) => {
    if (i === perPage) {
      line(top + 4, { desc: w.carried, money: { balance: printAmount(tx[i - 1]!.balance, lang, signStyle) } });
      s.text(w.page(1, 2), 280, 750, { size: 8 });
      s.addPage();
      s.text(bank, 40, 36, { size: 10, bold: true });
      top = repeatHeader ? drawHeader(70) : 70;
      line(top, { desc: w.brought, money: { balance: printAmount(tx[i - 1]!.balance, lang, signStyle) } });
      top += 16;
    }
    const moneyCells: Record<string, string> = { balance: printAmount(t.balance, lang, signStyle) };
    if (split) moneyCells[t.amount < 0 ? "withdrawal" : "deposit"] = printAmount(Math.abs(t.amount), lang, signStyle);
    else moneyCells.amount = printAmount(t.amount, lang, signStyle);
    line(top, { date: printDate(t.day, lang, dateStyle), desc: t.text, money: moneyCells });
    top += 12;
    if (t.wrap) {
      s.text(t.wrap, 120, top, { size: 8 });
      top += 11;
    }
    top += 3;
    const row: Row = { date: t.day.iso, description: t.wrap ? `${t.text} ${t.wrap}` : t.text, balance: money(t.balance) };
    if (split) row[t.amount < 0 ? "withdrawal" : "deposit"] = money(Math.abs(t.amount));
    else row.amount = money(t.amount);
    rows.push(row);
  });
  line(top + 4, { desc: w.closing, money: { balance: printAmount(balance, lang, signStyle) } });
  if (pages === 2) s.text(w.page(2, 2), 280, 750, { size: 8 });
  const columns: FieldDefinition[] = [
    { name: "date", type: "date", description: "Transaction date" },
    { name: "description", type: "text", description: "Transaction description" },
    ...(split
      ? [{ name: "withdrawal", type: "currency", description: "Money out (debit)" }, { name: "deposit", type: "currency", description: "Money in (credit)" }] as FieldDefinition[]
      : [{ name: "amount", type: "currency", description: "Transaction amount, negative for money out" }] as FieldDefinition[]),
    { name: "balance", type: "currency", description: "Balance after the transaction" },
  ];
  const specs: FieldDefinition[] = [
    { name: "account_number", type: "text", description: "Account number" },
    { name: "transactions", type: "table", description: "Transactions of the statement", columns },
  ];
  const variant = `table-${lang}-${split ? "split" : "signed"}-${header}${pages === 2 ? "-2p" : ""}`;
  return { bytes: await s.save(), fields: { account_number: account }, variant, tables: { transactions: rows }, specs };
}

const DEGREES = ["B.S. in Computer Science", "M.S. in Data Science", "Bachelor of Arts in Economics", "Master of Business Administration", "Associate of Applied Science", "B.A. in Communications"];
const BULLETS = ["Led a team of five to rebuild the reporting pipeline, cutting turnaround time by half.", "Worked with stakeholders to define requirements and track delivery against milestones.", "Introduced automated testing that reduced production incidents by a third.", "Managed a budget of $1.2M across three regional programs."];
const MONTHS3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export async function resumeWithHistory(rng: P.Rng): Promise<TableMade> {
  const s = await Sheet.create();
  const who = P.person(rng);
  const layout = rng.pick(["title-first", "company-first", "pipe"] as const);
  const dateStyle = rng.pick(["year", "month-year", "numeric"] as const);
  const expHeading = rng.pick(["Experience", "Professional Experience", "Work History", "Employment"]);
  const eduHeading = rng.pick(["Education", "Education and Training"]);
  const mail = P.email(rng, who, "mailbox.org");
  s.text(who.full, 40, 40, { size: 20, bold: true });
  s.text(`${P.phone(rng)}  |  ${mail}`, 40, 66, { size: 9 });
  s.text("Summary", 40, 100, { size: 12, bold: true });
  let top = s.lines(["Analytical professional with experience leading cross-functional teams and delivering reliable results."], 40, 118, { size: 9 });
  s.text(expHeading, 40, top + 14, { size: 12, bold: true });
  top += 34;
  const jobs = rng.int(2, 4);
  let year = 2024;
  const printed = (y: number, mo: number) => (dateStyle === "year" ? String(y) : dateStyle === "month-year" ? `${MONTHS3[mo - 1]} ${y}` : `${String(mo).padStart(2, "0")}/${y}`);
  const experience: Row[] = [];
  for (let i = 0; i < jobs; i += 1) {
    const endYear = year;
    const startYear = endYear - rng.int(1, 4);
    year = startYear;
    const start = printed(startYear, rng.int(1, 12));
    const end = i === 0 && rng.chance(0.6) ? rng.pick(["Present", "Current"]) : printed(endYear, rng.int(1, 12));
    const title = rng.pick(P.JOBS);
    const company = P.company(rng);
    const a = P.address(rng);
    const location = `${a.city}, ${a.state}`;
    const dates = `${start} ${rng.pick(["-", "–", "to"])} ${end}`;
    if (layout === "title-first") {
      s.text(`${title}, ${company}`, 40, top, { bold: true, size: 10 });
      s.textRight(dates, 570, top, { size: 9 });
      s.text(location, 40, top + 14, { size: 9 });
      top += 30;
    } else if (layout === "company-first") {
      s.text(company.toUpperCase() === company ? company : company, 40, top, { bold: true, size: 10 });
      s.textRight(location, 570, top, { size: 9 });
      s.text(title, 40, top + 14, { size: 9 });
      s.textRight(dates, 570, top + 14, { size: 9 });
      top += 30;
    } else {
      s.text(`${title} | ${company} | ${location} | ${dates}`, 40, top, { bold: true, size: 9.5 });
      top += 16;
    }
    const bullets = rng.int(1, 3);
    for (let b = 0; b < bullets; b += 1) {
      s.text(`•  ${BULLETS[(i + b) % BULLETS.length]!}`, 50, top, { size: 9 });
      top += 13;
    }
    top += 10;
    experience.push({ company, position: title, start, end, location });
  }
  s.text(eduHeading, 40, top, { size: 12, bold: true });
  top += 20;
  const education: Row[] = [];
  const schools = rng.int(1, 2);
  let gradYear = year - rng.int(0, 2);
  for (let i = 0; i < schools; i += 1) {
    const school = P.SCHOOLS[(rng.int(0, P.SCHOOLS.length - 1) + i) % P.SCHOOLS.length]!;
    const degree = DEGREES[rng.int(0, DEGREES.length - 1)]!;
    if (layout === "pipe") {
      s.text(`${degree} | ${school} | ${gradYear}`, 40, top, { size: 9.5 });
      top += 18;
    } else if (layout === "title-first") {
      s.text(`${degree}, ${school}, ${gradYear}`, 40, top, { size: 9.5 });
      top += 18;
    } else {
      s.text(school, 40, top, { bold: true, size: 10 });
      s.textRight(String(gradYear), 570, top, { size: 9 });
      s.text(degree, 40, top + 14, { size: 9 });
      top += 32;
    }
    education.push({ school, degree, year: String(gradYear) });
    gradYear -= rng.int(2, 4);
  }
  s.text("Skills", 40, top + 10, { size: 12, bold: true });
  s.text([...new Set(Array.from({ length: 5 }, () => rng.pick(P.SKILLS)))].join(", "), 40, top + 28, { size: 9 });
  const specs: FieldDefinition[] = [
    { name: "full_name", type: "text", description: "Candidate's full name" },
    {
      name: "experience",
      type: "table",
      description: "Work experience, one row per job",
      columns: [
        { name: "company", type: "text", description: "Employer" },
        { name: "position", type: "text", description: "Job title" },
        { name: "start", type: "text", description: "Start date as printed" },
        { name: "end", type: "text", description: "End date as printed, or Present" },
        { name: "location", type: "text", description: "City and state" },
      ],
    },
    {
      name: "education",
      type: "table",
      description: "Education, one row per school",
      columns: [
        { name: "school", type: "text", description: "School or university" },
        { name: "degree", type: "text", description: "Degree obtained" },
        { name: "year", type: "text", description: "Year of graduation" },
      ],
    },
  ];
  return { bytes: await s.save(), fields: { full_name: who.full }, variant: `table-${layout}-${dateStyle}`, tables: { experience, education }, specs };
}

/**
 * Second layouts, written after the readers were built on the first ones and measured once as they were: a UK-style
 * statement (paid out / paid in, a reference column, dates without their year, a day's date printed once, £ amounts)
 * and a résumé with capitalised headings at body size, organisation first and an em dash, dates unspaced.
 */
export async function statementFresh(rng: P.Rng): Promise<TableMade> {
  const s = await Sheet.create();
  const bank = P.bank(rng);
  const holder = P.person(rng);
  const account = `${rng.digits(8)}`;
  const m = rng.int(1, 11);
  const end = P.lastDayOf(2024, m);
  const opening = P.money(rng, 500, 6000);
  const n = rng.int(8, 30);
  const days = Array.from({ length: n }, () => rng.int(1, 28)).sort((a, b) => a - b);
  s.text(bank, 40, 36, { size: 15, bold: true });
  s.text(`Statement for 1 ${P.monthName(m)} 2024 to ${end} ${P.monthName(m)} 2024`, 40, 60, { size: 9 });
  s.lines([holder.full, `Account ${account}`], 380, 36, { size: 9 });
  const header = (top: number) => {
    for (const [t, x, right] of [["Date", 40, false], ["Reference", 95, false], ["Details", 170, false], ["Paid out", 420, true], ["Paid in", 490, true], ["Balance", 570, true]] as const) {
      if (right) s.textRight(t, x, top, { bold: true, size: 8.5 });
      else s.text(t, x, top, { bold: true, size: 8.5 });
    }
    return top + 16;
  };
  const pound = (v: number) => `${rng.chance(0.3) ? "£" : ""}${P.plain(v)}`;
  let top = header(110);
  s.text("Balance brought forward", 170, top, { size: 8.5 });
  s.textRight(P.plain(opening), 570, top, { size: 8.5 });
  top += 14;
  let balance = opening;
  let lastDay = -1;
  const rows: Row[] = [];
  const onPage = 40;
  days.forEach((d, i) => {
    if (i > 0 && i % onPage === 0) {
      s.addPage();
      top = header(50);
    }
    const credit = rng.chance(0.3);
    const amount = credit ? P.money(rng, 50, 2500) : -P.money(rng, 3, 600);
    balance = cents(balance + amount);
    const details = rng.pick(credit ? ["FASTER PAYMENT RECEIVED", "BANK GIRO CREDIT", "INTEREST PAID"] : ["DIRECT DEBIT TO ENERGY CO", "CARD PAYMENT TO GROCER", "STANDING ORDER RENT", "CASH WITHDRAWAL"]);
    const day = P.day(2024, m, d);
    if (d !== lastDay) s.text(`${d} ${P.monthName(m).slice(0, 3)}`, 40, top, { size: 8.5 });
    lastDay = d;
    s.text(`${rng.digits(6)}`, 95, top, { size: 8.5 });
    s.text(details, 170, top, { size: 8.5 });
    s.textRight(pound(Math.abs(amount)), credit ? 490 : 420, top, { size: 8.5 });
    s.textRight(P.plain(balance), 570, top, { size: 8.5 });
    top += 14;
    rows.push({ date: day.iso, description: details, amount: money(amount), balance: money(balance) });
  });
  s.text("Balance carried forward", 170, top + 2, { size: 8.5 });
  s.textRight(P.plain(balance), 570, top + 2, { size: 8.5 });
  const specs: FieldDefinition[] = [
    { name: "account_number", type: "text", description: "Account number" },
    {
      name: "transactions",
      type: "table",
      description: "Transactions of the statement",
      columns: [
        { name: "date", type: "date", description: "Transaction date" },
        { name: "description", type: "text", description: "Transaction description" },
        { name: "amount", type: "currency", description: "Transaction amount, negative for money out" },
        { name: "balance", type: "currency", description: "Balance after the transaction" },
      ],
    },
  ];
  return { bytes: await s.save(), fields: { account_number: account }, variant: `table-fresh-uk${n > onPage ? "-2p" : ""}`, tables: { transactions: rows }, specs };
}

export async function resumeFresh(rng: P.Rng): Promise<TableMade> {
  const base = await resumeWithHistory(rng);
  const s = await Sheet.create();
  const who = P.person(rng);
  s.text(who.full.toUpperCase(), 40, 40, { size: 16, bold: true });
  s.text(`${P.phone(rng)} · ${P.email(rng, who, "example.org")}`, 40, 62, { size: 9 });
  let top = 100;
  s.text("WORK EXPERIENCE", 40, top, { size: 10, bold: true });
  top += 18;
  const experience: Row[] = [];
  let year = 2024;
  for (let i = 0; i < rng.int(2, 3); i += 1) {
    const company = P.company(rng);
    const title = rng.pick(P.JOBS);
    const a = P.address(rng);
    const endYear = year;
    const startYear = endYear - rng.int(1, 4);
    year = startYear - 1;
    const end = i === 0 ? "Present" : String(endYear);
    s.text(`${company} — ${title}`, 40, top, { size: 10, bold: true });
    s.text(`${a.city}, ${a.state} · ${startYear}–${end}`, 40, top + 13, { size: 9 });
    s.text(`- ${rng.pick(["Owned the quarterly planning process for four teams.", "Cut month-end close from ten days to six."])}`, 48, top + 27, { size: 9 });
    top += 48;
    experience.push({ company, position: title, start: String(startYear), end, location: `${a.city}, ${a.state}` });
  }
  s.text("EDUCATION", 40, top, { size: 10, bold: true });
  top += 18;
  const school = rng.pick(P.SCHOOLS);
  const degree = rng.pick(DEGREES);
  const grad = year - 1;
  s.text(school, 40, top, { size: 10, bold: true });
  s.text(`${degree} · ${grad}`, 40, top + 13, { size: 9 });
  s.text("LANGUAGES", 40, top + 40, { size: 10, bold: true });
  s.text("English, Spanish", 40, top + 58, { size: 9 });
  return { ...base, bytes: await s.save(), fields: { full_name: who.full.toUpperCase() }, variant: "table-fresh-caps", tables: { experience, education: [{ school, degree, year: String(grad) }] } };
}

/** Table documents by kind (the kind's folder in the output): the first layouts, then the second ("-fresh-"). */
export const TABLE_DOCS: Record<string, { first: (rng: P.Rng) => Promise<TableMade>; fresh: (rng: P.Rng) => Promise<TableMade> }> = {
  "bank-statement": { first: statementWithTransactions, fresh: statementFresh },
  resume: { first: resumeWithHistory, fresh: resumeFresh },
};

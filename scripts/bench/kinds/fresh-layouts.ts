/**
 * Second layouts of six kinds, written after the detectors were tuned on the first ones (kinds.ts) and measured
 * once as they were: labels worded differently, values in other places. Their ground truth follows the same specs,
 * so their score is a check on layouts the detectors were not fitted to (split_group `<kind>/fresh-…`).
 */
import * as P from "./pools";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { Sheet } from "./sheet";
import type { Made } from "./kinds";

const money = (n: number) => n.toFixed(2);

async function w2Export(rng: P.Rng): Promise<Made> {
  const s = await Sheet.create();
  const emp = P.person(rng);
  const employer = P.company(rng);
  const ssn = P.ssn(rng);
  const ein = P.ein(rng);
  const wages = P.money(rng, 30000, 120000);
  const fed = Math.round(wages * 0.14 * 100) / 100;
  const year = rng.pick([2023, 2024]);
  s.text(`Year-end wage summary ${year}`, 40, 40, { size: 14, bold: true });
  const rows: Array<[string, string]> = [
    ["Employer", employer], ["Employer ID (EIN)", ein], ["Employee name", emp.full], ["Employee social security no.", ssn],
    ["Gross wages, tips, other compensation (box 1)", P.usd(wages)], ["Federal income tax withheld (box 2)", P.usd(fed)], ["Social security wages (box 3)", P.usd(wages)],
  ];
  rows.forEach(([label, value], i) => {
    s.text(label, 40, 80 + 18 * i);
    s.text(value, 340, 80 + 18 * i);
  });
  const fields = { employee_name: emp.full, employee_ssn: ssn, employer_ein: ein, employer_name: employer, wages: money(wages), federal_tax_withheld: money(fed), social_security_wages: money(wages), tax_year: String(year) };
  return { bytes: await s.save(), fields, variant: "fresh-export" };
}

async function resumeSidebar(rng: P.Rng): Promise<Made> {
  const s = await Sheet.create();
  const who = P.person(rng);
  const mail = P.email(rng, who, "mailbox.org");
  const tel = P.phone(rng);
  const web = `github.com/${who.first.toLowerCase()}${who.last.toLowerCase()}`;
  const skills = [...new Set(Array.from({ length: 4 }, () => rng.pick(P.SKILLS)))].join(" · ");
  s.text(who.full.toUpperCase(), 40, 40, { size: 22, bold: true });
  s.text(rng.pick(P.JOBS), 40, 70, { size: 11 });
  s.lines(["CONTACT", "E-mail", mail, "Mobile", tel, "Web", web], 40, 120, { size: 9 });
  s.text("Profile", 230, 120, { size: 12, bold: true });
  s.lines(["Detail-oriented professional who enjoys turning messy data into decisions that teams can act on.", "Comfortable owning projects end to end."], 230, 140, { size: 9 });
  s.text("Core Skills", 230, 200, { size: 12, bold: true });
  s.text(skills, 230, 218, { size: 9 });
  const fields = { full_name: who.full.toUpperCase(), email: mail, phone: tel, skills: skills };
  return { bytes: await s.save(), fields, variant: "fresh-sidebar" };
}

async function bankModern(rng: P.Rng): Promise<Made> {
  const s = await Sheet.create();
  const bank = P.bank(rng);
  const holder = P.person(rng);
  const ha = P.address(rng);
  const account = `${rng.digits(12)}`;
  const routing = P.routingNumber(rng);
  const m = rng.int(1, 11);
  const end = P.lastDayOf(2024, m);
  const mon = P.monthName(m).slice(0, 3);
  const opening = P.money(rng, 100, 5000);
  const closing = -P.money(rng, 10, 300);
  s.text(bank, 40, 36, { size: 18, bold: true });
  s.text(`${mon} 1, 2024 to ${mon} ${end}, 2024`, 380, 40, { size: 10 });
  s.lines([holder.full, ha.street, ha.cityLine], 40, 100);
  s.lines([`Account ${account}`, `ABA/Routing ${routing}`], 380, 100);
  s.text("Beginning balance on " + `${mon} 1`, 40, 190);
  s.text(P.usd(opening), 300, 190);
  s.text("Ending balance on " + `${mon} ${end}`, 40, 206);
  s.text(`${P.usd(closing)}`, 300, 206);
  const fields = { bank_name: bank, account_holder: holder.full, account_number: account, routing_number: routing, statement_start: P.day(2024, m, 1).iso, statement_end: P.day(2024, m, end).iso, opening_balance: money(opening), closing_balance: money(closing) };
  return { bytes: await s.save(), fields, variant: "fresh-modern" };
}

async function letterMemo(rng: P.Rng): Promise<Made> {
  const s = await Sheet.create();
  const org = P.company(rng);
  const from = P.person(rng);
  const to = P.person(rng);
  const date = P.randomDay(rng, 2024);
  const subject = rng.pick(["Quarterly budget review", "Office relocation", "Updated travel policy"]);
  s.text(org, 40, 40, { size: 14, bold: true });
  s.text("MEMORANDUM", 40, 80, { size: 12, bold: true });
  s.lines([`To: ${to.full}`, `From: ${from.full}`, `Date: ${P.usDate(rng, date)}`, `Subject: ${subject}`], 40, 110);
  s.lines(["This memo summarises the decisions taken at last week's meeting and the actions each team owns.", "Please review the attached notes and send comments before the end of the week."], 40, 190);
  const fields = { sender_name: from.full, sender_company: org, recipient_name: to.full, letter_date: date.iso, subject };
  return { bytes: await s.save(), fields, variant: "fresh-memo" };
}

async function payslipGrid(rng: P.Rng): Promise<Made> {
  const s = await Sheet.create();
  const employer = P.company(rng);
  const emp = P.person(rng);
  const id = `${rng.int(1000, 9999)}`;
  const m = rng.int(1, 12);
  const gross = P.money(rng, 2000, 5000);
  const net = Math.round(gross * 0.7 * 100) / 100;
  s.text(`${employer} - Pay Advice`, 40, 40, { size: 13, bold: true });
  s.field("Employee", emp.full, 40, 70, 180, 30);
  s.field("Employee number", id, 220, 70, 120, 30);
  s.field("Pay period", `${P.monthName(m)} 1 - ${P.monthName(m)} 15, 2024`, 340, 70, 230, 30);
  s.field("Gross earnings", P.plain(gross), 40, 110, 180, 30);
  s.field("Net pay", P.plain(net), 220, 110, 120, 30);
  s.field("Payment date", `${String(m).padStart(2, "0")}/20/2024`, 340, 110, 230, 30);
  const fields = { employee_name: emp.full, employer, employee_id: id, pay_period_start: P.day(2024, m, 1).iso, pay_period_end: P.day(2024, m, 15).iso, pay_date: P.day(2024, m, 20).iso, gross_pay: money(gross), net_pay: money(net) };
  return { bytes: await s.save(), fields, variant: "fresh-grid" };
}

async function utilityService(rng: P.Rng): Promise<Made> {
  const s = await Sheet.create();
  const provider = P.utility(rng);
  const who = P.person(rng);
  const sa = P.address(rng);
  const account = `${rng.digits(10)}`;
  const m = rng.int(1, 9);
  const amount = P.money(rng, 30, 300);
  s.text(provider, 40, 40, { size: 15, bold: true });
  s.text(`Account No. ${account}`, 380, 44);
  s.text(`Statement for service from ${P.monthName(m)} 3, 2024 through ${P.monthName(m + 1)} 2, 2024`, 40, 90);
  s.text("Service location", 40, 120, { bold: true });
  s.lines([who.full, sa.street, sa.cityLine], 40, 136);
  s.text("Total amount due", 330, 136, { bold: true });
  s.text(P.usd(amount), 480, 136, { bold: true });
  s.text(`Please pay by ${P.monthName(m + 2)} 1, 2024`, 330, 152);
  const fields = { provider, account_number: account, customer_name: who.full, service_address: sa.oneLine, billing_period_start: P.day(2024, m, 3).iso, billing_period_end: P.day(2024, m + 1, 2).iso, amount_due: money(amount), due_date: P.day(2024, m + 2, 1).iso };
  return { bytes: await s.save(), fields, variant: "fresh-service" };
}

const CLASSES = ["Individual/sole proprietor", "C corporation", "S corporation", "Partnership", "Trust/estate", "LLC"];

/** A fillable W-9-like form: the printed page carries only labels; the answers live in the form's fields (AcroForm). */
async function w9Fillable(rng: P.Rng): Promise<Made> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const form = pdf.getForm();
  const label = (text: string, x: number, top: number, size = 7) => page.drawText(text, { x, y: 792 - top - size, size, font });
  const input = (name: string, value: string, x: number, top: number, w: number) => {
    const f = form.createTextField(name);
    if (value) f.setText(value);
    f.addToPage(page, { x, y: 792 - top - 18, width: w, height: 18, font });
  };
  const who = P.person(rng);
  const business = rng.chance(0.5) ? P.company(rng) : null;
  const cls = business ? rng.pick(CLASSES.slice(1)) : CLASSES[0]!;
  const a = P.address(rng);
  const tin = business ? P.ein(rng) : P.ssn(rng);
  const signed = P.randomDay(rng, 2024);
  label("Form W-9 Request for Taxpayer Identification Number and Certification", 40, 30, 11);
  label("1 Name (as shown on your income tax return). Name is required on this line.", 40, 60);
  input("f1_1", who.full, 40, 70, 520);
  label("2 Business name/disregarded entity name, if different from above", 40, 96);
  input("f1_2", business ?? "", 40, 106, 520);
  label("3 Check appropriate box for federal tax classification:", 40, 132);
  CLASSES.forEach((c, i) => {
    const box = form.createCheckBox(`c1_${i + 1}`);
    box.addToPage(page, { x: 40 + (i % 3) * 180, y: 792 - 146 - 14 * Math.floor(i / 3) - 10, width: 9, height: 9 });
    if (c === cls) box.check();
    label(c, 53 + (i % 3) * 180, 146 + 14 * Math.floor(i / 3), 9);
  });
  label("5 Address (number, street, and apt. or suite no.)", 40, 184);
  input("f1_7", a.street, 40, 194, 350);
  label("6 City, state, and ZIP code", 40, 220);
  input("f1_8", a.cityLine, 40, 230, 350);
  label(business ? "Employer identification number" : "Social security number", 400, 260);
  input("f1_11", tin, 400, 270, 160);
  label("Date", 400, 310);
  input("f1_12", `${String(signed.m).padStart(2, "0")}/${String(signed.d).padStart(2, "0")}/${signed.y}`, 400, 320, 160);
  const fields: Record<string, string> = { name: who.full, tax_classification: cls, address: a.oneLine, tin, signature_date: signed.iso };
  if (business) fields.business_name = business;
  return { bytes: await pdf.save(), fields, variant: "fresh-fillable" };
}

export const FRESH: Record<string, (rng: P.Rng) => Promise<Made>> = {
  "w2-wage-statement": w2Export,
  resume: resumeSidebar,
  "bank-statement": bankModern,
  letter: letterMemo,
  payslip: payslipGrid,
  "utility-bill": utilityService,
  "w9-form": w9Fillable,
};

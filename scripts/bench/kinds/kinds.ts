/**
 * Eight kinds of documents other than invoices, each with the fields a user would define for it (names, types and
 * descriptions as a user writes them, no code per kind in the engine) and a generator that draws one document and
 * its ground truth from a seed. Layouts vary within a kind (two or three variants, labels worded differently).
 * Values the document does not print are left out of the ground truth; a prediction for them counts as wrong.
 */
import type { FieldDefinition } from "../../../lib/extraction";
import * as P from "./pools";
import { Sheet } from "./sheet";

export type Made = { bytes: Uint8Array; fields: Record<string, string>; variant: string };
export type Kind = { kind: string; fields: FieldDefinition[]; make: (rng: P.Rng) => Promise<Made> };

const money = (n: number) => n.toFixed(2);

const w2: Kind = {
  kind: "w2-wage-statement",
  fields: [
    { name: "employee_name", type: "text", description: "Employee's full name" },
    { name: "employee_ssn", type: "text", description: "Employee's social security number" },
    { name: "employer_ein", type: "text", description: "Employer identification number (EIN)" },
    { name: "employer_name", type: "text", description: "Employer's name" },
    { name: "wages", type: "currency", description: "Box 1 wages, tips, other compensation" },
    { name: "federal_tax_withheld", type: "currency", description: "Box 2 federal income tax withheld" },
    { name: "social_security_wages", type: "currency", description: "Box 3 social security wages" },
    { name: "tax_year", type: "number", description: "Tax year" },
  ],
  async make(rng) {
    const s = await Sheet.create();
    const emp = P.person(rng);
    const employer = P.company(rng);
    const ea = P.address(rng);
    const pa = P.address(rng);
    const ssn = P.ssn(rng);
    const ein = P.ein(rng);
    const wages = P.money(rng, 28000, 140000);
    const fed = Math.round(wages * (0.1 + rng.next() * 0.1) * 100) / 100;
    const ssw = Math.min(wages, 160200);
    const year = rng.pick([2022, 2023, 2024]);
    const variant = rng.pick(["grid", "statement"]);
    if (variant === "grid") {
      s.field("a Employee's social security number", ssn, 40, 40, 180, 30);
      s.field("b Employer identification number (EIN)", ein, 40, 70, 250, 30);
      s.field("1 Wages, tips, other compensation", P.plain(wages), 290, 70, 140, 30);
      s.field("2 Federal income tax withheld", P.plain(fed), 430, 70, 140, 30);
      s.field("c Employer's name, address, and ZIP code", [employer, ea.street, ea.cityLine], 40, 100, 250, 60);
      s.field("3 Social security wages", P.plain(ssw), 290, 100, 140, 30);
      s.field("4 Social security tax withheld", P.plain(ssw * 0.062), 430, 100, 140, 30);
      s.field("5 Medicare wages and tips", P.plain(wages), 290, 130, 140, 30);
      s.field("6 Medicare tax withheld", P.plain(wages * 0.0145), 430, 130, 140, 30);
      s.field("e Employee's first name and initial     Last name", `${emp.first}${emp.middle ? ` ${emp.middle}` : ""}   ${emp.last}`, 40, 160, 250, 30);
      s.field("f Employee's address and ZIP code", [pa.street, pa.cityLine], 40, 190, 250, 45);
      s.text("Form W-2  Wage and Tax Statement", 40, 250, { size: 12, bold: true });
      s.text(String(year), 330, 248, { size: 16, bold: true });
      s.text("Copy B - To Be Filed With Employee's FEDERAL Tax Return.", 40, 270, { size: 7 });
    } else {
      s.text(employer, 40, 40, { size: 14, bold: true });
      s.lines([ea.street, ea.cityLine], 40, 60);
      s.text(`W-2 Wage Statement for tax year ${year}`, 40, 110, { size: 12, bold: true });
      s.lines([`Employee: ${emp.full}`, `Employee SSN: ${ssn}`, `Employer EIN: ${ein}`], 40, 140);
      s.lines(["Box 1  Wages, tips, other comp.", "Box 2  Federal income tax withheld", "Box 3  Social security wages", "Box 4  Social security tax withheld"], 40, 200);
      s.lines([P.plain(wages), P.plain(fed), P.plain(ssw), P.plain(ssw * 0.062)], 380, 200);
    }
    const fields = { employee_name: emp.full, employee_ssn: ssn, employer_ein: ein, employer_name: employer, wages: money(wages), federal_tax_withheld: money(fed), social_security_wages: money(ssw), tax_year: String(year) };
    return { bytes: await s.save(), fields, variant };
  },
};

const CLASSES = ["Individual/sole proprietor", "C corporation", "S corporation", "Partnership", "Trust/estate", "LLC"];

const w9: Kind = {
  kind: "w9-form",
  fields: [
    { name: "name", type: "text", description: "Name as shown on the income tax return (line 1)" },
    { name: "business_name", type: "text", description: "Business name, if different from above" },
    { name: "tax_classification", type: "select", options: CLASSES, description: "Federal tax classification that is checked" },
    { name: "address", type: "address", description: "Street address, city, state and ZIP code" },
    { name: "tin", type: "text", description: "Taxpayer identification number (SSN or EIN)" },
    { name: "signature_date", type: "date", description: "Date signed" },
  ],
  async make(rng) {
    const s = await Sheet.create();
    const who = P.person(rng);
    const business = rng.chance(0.5) ? P.company(rng) : null;
    const cls = business ? rng.pick(CLASSES.slice(1)) : CLASSES[0]!;
    const a = P.address(rng);
    const useEin = business !== null;
    const tin = useEin ? P.ein(rng) : P.ssn(rng);
    const signed = P.randomDay(rng, 2024);
    s.text("Form W-9  Request for Taxpayer Identification Number and Certification", 40, 30, { size: 11, bold: true });
    s.field("1 Name (as shown on your income tax return). Name is required on this line.", who.full, 40, 60, 530, 30);
    s.field("2 Business name/disregarded entity name, if different from above", business ?? "", 40, 90, 530, 30);
    s.text("3 Check appropriate box for federal tax classification of the person whose name is entered on line 1.", 43, 124, { size: 6.5 });
    const boxes = CLASSES.map((c) => `[${c === cls ? "X" : " "}] ${c}`);
    s.text(boxes.slice(0, 3).join("    "), 50, 136, { size: 9 });
    s.text(boxes.slice(3).join("    "), 50, 150, { size: 9 });
    s.field("5 Address (number, street, and apt. or suite no.)", a.street, 40, 168, 350, 30);
    s.field("6 City, state, and ZIP code", a.cityLine, 40, 198, 350, 30);
    s.text("Part I  Taxpayer Identification Number (TIN)", 40, 240, { size: 10, bold: true });
    s.field("Social security number", useEin ? "" : tin, 380, 255, 190, 30);
    s.field("Employer identification number", useEin ? tin : "", 380, 290, 190, 30);
    s.text("Part II  Certification", 40, 335, { size: 10, bold: true });
    s.text("Under penalties of perjury, I certify that the number shown on this form is my correct taxpayer identification number.", 40, 352, { size: 7 });
    s.text(`Sign Here   Signature of U.S. person: ${who.full}`, 40, 380);
    s.text(`Date: ${P.usDate(rng, signed)}`, 400, 380);
    const fields: Record<string, string> = { name: who.full, tax_classification: cls, address: a.oneLine, tin, signature_date: signed.iso };
    if (business) fields.business_name = business;
    return { bytes: await s.save(), fields, variant: business ? "business" : "individual" };
  },
};

const bankStatement: Kind = {
  kind: "bank-statement",
  fields: [
    { name: "bank_name", type: "text", description: "Name of the bank" },
    { name: "account_holder", type: "text", description: "Account holder's name" },
    { name: "account_number", type: "text", description: "Account number" },
    { name: "routing_number", type: "text", description: "Routing number (ABA)" },
    { name: "iban", type: "text", description: "IBAN of the account" },
    { name: "statement_start", type: "date", description: "First day of the statement period" },
    { name: "statement_end", type: "date", description: "Last day of the statement period" },
    { name: "opening_balance", type: "currency", description: "Opening balance" },
    { name: "closing_balance", type: "currency", description: "Closing balance at the end of the period" },
  ],
  async make(rng) {
    const s = await Sheet.create();
    const bank = P.bank(rng);
    const holder = P.person(rng);
    const ha = P.address(rng);
    const ba = P.address(rng);
    const eu = rng.chance(0.35);
    const account = `${rng.digits(4)}${rng.digits(6)}`;
    const routing = P.routingNumber(rng);
    const iban = P.iban(rng);
    const year = 2024;
    const m = rng.int(1, 11);
    const start = P.day(year, m, 1);
    const end = P.day(year, m, P.lastDayOf(year, m));
    const opening = P.money(rng, 200, 9000);
    const tx = Array.from({ length: rng.int(4, 8) }, () => (rng.chance(0.3) ? P.money(rng, 100, 3000) : -P.money(rng, 5, 1200)));
    const closing = Math.round((opening + tx.reduce((a, b) => a + b, 0)) * 100) / 100;
    const amount = (n: number) => (n < 0 ? (rng.chance(0.5) ? `(${P.plain(-n)})` : `-${P.plain(-n)}`) : P.plain(n));
    s.text(bank, 40, 36, { size: 16, bold: true });
    s.lines([ba.street, ba.cityLine, `Customer service ${P.phone(rng)}`], 40, 58, { size: 8 });
    s.lines([holder.full.toUpperCase(), ha.street.toUpperCase(), ha.cityLine.toUpperCase()], 40, 120);
    const period = eu
      ? `Statement period: ${String(start.d).padStart(2, "0")}.${String(m).padStart(2, "0")}.${year} - ${end.d}.${String(m).padStart(2, "0")}.${year}`
      : rng.pick([`Statement period: ${P.monthName(m)} 1 - ${P.monthName(m)} ${end.d}, ${year}`, `Statement Period ${String(m).padStart(2, "0")}/01/${year} to ${String(m).padStart(2, "0")}/${end.d}/${year}`, `For the period ${P.monthName(m)} 1, ${year} through ${P.monthName(m)} ${end.d}, ${year}`]);
    s.text(period, 330, 120);
    s.text(`Account number: ${account}`, 330, 136);
    s.text(eu ? `IBAN: ${iban.replace(/(.{4})/g, "$1 ").trim()}` : `Routing number: ${routing}`, 330, 152);
    s.text("Account summary", 40, 200, { size: 11, bold: true });
    s.lines(["Opening balance", "Deposits and credits", "Withdrawals and debits", "Closing balance"], 40, 218);
    const credits = tx.filter((t) => t > 0).reduce((a, b) => a + b, 0);
    const debits = tx.filter((t) => t < 0).reduce((a, b) => a + b, 0);
    s.lines([amount(opening), P.plain(credits), amount(debits), amount(closing)], 250, 218);
    s.text("Transactions", 40, 290, { size: 11, bold: true });
    s.text("Date        Description                              Amount        Balance", 40, 308, { bold: true, size: 9 });
    let balance = opening;
    tx.forEach((t, i) => {
      balance = Math.round((balance + t) * 100) / 100;
      const d = `${String(m).padStart(2, "0")}/${String(Math.min(28, 2 + i * 3)).padStart(2, "0")}`;
      s.text(d, 40, 324 + i * 14, { size: 9 });
      s.text(t > 0 ? "Direct deposit payroll" : rng.pick(["Card purchase grocery", "ATM withdrawal", "Online transfer", "Utility payment"]), 100, 324 + i * 14, { size: 9 });
      s.text(amount(t), 300, 324 + i * 14, { size: 9 });
      s.text(amount(balance), 380, 324 + i * 14, { size: 9 });
    });
    const fields: Record<string, string> = { bank_name: bank, account_holder: holder.full, account_number: account, statement_start: start.iso, statement_end: end.iso, opening_balance: money(opening), closing_balance: money(closing) };
    if (eu) fields.iban = iban;
    else fields.routing_number = routing;
    return { bytes: await s.save(), fields, variant: eu ? "iban" : "aba" };
  },
};

const resume: Kind = {
  kind: "resume",
  fields: [
    { name: "full_name", type: "text", description: "Candidate's full name" },
    { name: "email", type: "email", description: "Email address" },
    { name: "phone", type: "phone", description: "Phone number" },
    { name: "linkedin", type: "url", description: "LinkedIn profile URL" },
    { name: "skills", type: "text", description: "Skills listed on the resume" },
  ],
  async make(rng) {
    const s = await Sheet.create();
    const who = P.person(rng);
    const mail = P.email(rng, who, rng.pick(["gmail.com", "outlook.com", "proton.me", "fastmail.com"]));
    const tel = P.phone(rng);
    const a = P.address(rng);
    const linked = rng.chance(0.6) ? `linkedin.com/in/${who.first.toLowerCase()}-${who.last.toLowerCase()}` : null;
    const skills = [...new Set(Array.from({ length: 5 }, () => rng.pick(P.SKILLS)))].join(", ");
    const variant = rng.pick(["one-line", "stacked"]);
    s.text(who.full, 40, 40, { size: 20, bold: true });
    if (variant === "one-line") {
      s.text([`${a.city}, ${a.state}`, tel, mail, linked].filter(Boolean).join("  |  "), 40, 68, { size: 9 });
    } else {
      s.lines([rng.pick(P.JOBS), `${a.city}, ${a.state}`, `Phone: ${tel}`, `Email: ${mail}`, ...(linked ? [`LinkedIn: ${linked}`] : [])], 400, 40, { size: 9 });
    }
    let top = 130;
    s.text("Summary", 40, top, { size: 12, bold: true });
    top = s.lines(["Analytical professional with experience leading cross-functional teams and delivering reliable", "results in fast-paced environments. Known for clear communication and careful planning."], 40, top + 18, { size: 9 });
    s.text("Experience", 40, top + 14, { size: 12, bold: true });
    top += 32;
    for (let i = 0; i < 2; i += 1) {
      s.text(`${rng.pick(P.JOBS)}, ${P.company(rng)}`, 40, top, { bold: true, size: 10 });
      s.text(`${2015 + 3 * i} - ${i === 0 ? "Present" : 2015 + 3 * i + 3}`, 480, top, { size: 9 });
      top = s.lines(["Led a team of five to rebuild the reporting pipeline, cutting turnaround time by half.", "Worked with stakeholders to define requirements and track delivery against milestones."], 50, top + 16, { size: 9 });
      top += 10;
    }
    s.text("Education", 40, top, { size: 12, bold: true });
    top = s.lines([`B.S., ${rng.pick(P.SCHOOLS)}, ${rng.int(2006, 2014)}`], 40, top + 18, { size: 9 });
    s.text("Skills", 40, top + 10, { size: 12, bold: true });
    s.text(skills, 40, top + 28, { size: 9 });
    const fields: Record<string, string> = { full_name: who.full, email: mail, phone: tel, skills };
    if (linked) fields.linkedin = linked;
    return { bytes: await s.save(), fields, variant };
  },
};

const letter: Kind = {
  kind: "letter",
  fields: [
    { name: "sender_name", type: "text", description: "Name of the person who signed the letter" },
    { name: "sender_company", type: "text", description: "Company that sent the letter" },
    { name: "recipient_name", type: "text", description: "Name of the person the letter is addressed to" },
    { name: "letter_date", type: "date", description: "Date of the letter" },
    { name: "subject", type: "text", description: "Subject line of the letter" },
  ],
  async make(rng) {
    const s = await Sheet.create();
    const org = P.company(rng);
    const oa = P.address(rng);
    const to = P.person(rng);
    const from = P.person(rng);
    const ta = P.address(rng);
    const date = P.randomDay(rng, rng.pick([2023, 2024, 2025]));
    const subject = rng.pick(["Offer of employment", "Change to your service agreement", "Confirmation of enrollment", "Notice of rent adjustment", "Request for additional documents"]);
    s.text(org, 40, 40, { size: 15, bold: true });
    s.text(`${oa.oneLine}  |  ${P.phone(rng)}`, 40, 62, { size: 8 });
    s.rule(78);
    s.text(P.usDate(rng, date), 40, 100);
    s.lines([`${rng.pick(["Ms.", "Mr.", "Dr."])} ${to.full}`, ta.street, ta.cityLine], 40, 130);
    s.text(`${rng.pick(["Re:", "Subject:", "RE:"])} ${subject}`, 40, 190, { bold: true });
    s.text(`Dear ${to.first} ${to.last},`, 40, 215);
    s.lines([
      "Thank you for your recent correspondence. We are writing to let you know about the matter named above and to",
      "explain the next steps. Please read this letter carefully and keep it with your records for future reference.",
      "If you have any questions, our team is happy to help during regular business hours, Monday through Friday.",
    ], 40, 240);
    s.lines(["We appreciate your prompt attention to this matter and look forward to hearing from you soon."], 40, 300);
    s.text(rng.pick(["Sincerely,", "Kind regards,", "Best regards,", "Yours truly,"]), 40, 340);
    s.lines([from.full, `${rng.pick(P.JOBS)}, ${org}`], 40, 385);
    const fields = { sender_name: from.full, sender_company: org, recipient_name: to.full, letter_date: date.iso, subject };
    return { bytes: await s.save(), fields, variant: "business" };
  },
};

const purchaseOrder: Kind = {
  kind: "purchase-order",
  fields: [
    { name: "po_number", type: "text", description: "PO number" },
    { name: "order_date", type: "date", description: "Date the order was placed" },
    { name: "supplier_name", type: "text", description: "Supplier" },
    { name: "buyer_email", type: "email", description: "Buyer contact e-mail" },
    { name: "delivery_date", type: "date", description: "Requested delivery date" },
    { name: "ship_to", type: "address", description: "Ship-to address" },
    { name: "total", type: "currency", description: "Order total" },
  ],
  async make(rng) {
    const s = await Sheet.create();
    const buyer = P.company(rng);
    const supplier = P.company(rng);
    const contact = P.person(rng);
    const mail = P.email(rng, contact, `${buyer.split(" ")[0]!.toLowerCase()}.com`);
    const ship = P.address(rng);
    const ordered = P.randomDay(rng, 2024);
    const delivery = P.day(2024, Math.min(12, ordered.m + 1), ordered.d);
    const po = `PO-${rng.int(10000, 99999)}`;
    s.text(buyer, 40, 40, { size: 14, bold: true });
    s.text("PURCHASE ORDER", 400, 40, { size: 14, bold: true });
    s.lines([`PO Number: ${po}`, `Order Date: ${P.usDate(rng, ordered)}`], 400, 64);
    s.text("Vendor", 40, 110, { bold: true });
    s.lines([supplier, P.address(rng).street], 40, 126);
    s.text("Ship To", 300, 110, { bold: true });
    s.lines([buyer, ship.street, ship.cityLine], 300, 126);
    s.lines([`Buyer contact: ${contact.full}`, `E-mail: ${mail}`, `Requested delivery date: ${P.usDate(rng, delivery)}`], 40, 190);
    s.text("Item        Description                     Qty      Unit price      Amount", 40, 250, { bold: true, size: 9 });
    let total = 0;
    for (let i = 0; i < 3; i += 1) {
      const qty = rng.int(1, 20);
      const price = P.money(rng, 5, 300);
      total += qty * price;
      s.text(`${i + 1}           ${rng.pick(["Steel brackets", "Packing tape", "Safety gloves", "LED panels", "Cable ties"])}`, 40, 266 + 14 * i, { size: 9 });
      s.text(`${qty}`, 290, 266 + 14 * i, { size: 9 });
      s.text(P.plain(price), 340, 266 + 14 * i, { size: 9 });
      s.text(P.plain(qty * price), 420, 266 + 14 * i, { size: 9 });
    }
    total = Math.round(total * 100) / 100;
    s.text("Total", 340, 320, { bold: true });
    s.text(P.usd(total), 420, 320, { bold: true });
    const fields = { po_number: po, order_date: ordered.iso, supplier_name: supplier, buyer_email: mail, delivery_date: delivery.iso, ship_to: `${ship.street}, ${ship.cityLine}`, total: money(total) };
    return { bytes: await s.save(), fields, variant: "standard" };
  },
};

const payslip: Kind = {
  kind: "payslip",
  fields: [
    { name: "employee_name", type: "text", description: "Employee name" },
    { name: "employer", type: "text", description: "Employer / company name" },
    { name: "employee_id", type: "text", description: "Employee ID" },
    { name: "pay_period_start", type: "date", description: "Start of the pay period" },
    { name: "pay_period_end", type: "date", description: "End of the pay period" },
    { name: "pay_date", type: "date", description: "Payment date" },
    { name: "gross_pay", type: "currency", description: "Gross pay for the period" },
    { name: "net_pay", type: "currency", description: "Net pay" },
  ],
  async make(rng) {
    const s = await Sheet.create();
    const employer = P.company(rng);
    const emp = P.person(rng);
    const id = `E${rng.digits(5)}`;
    const m = rng.int(1, 12);
    const start = P.day(2024, m, 1);
    const end = P.day(2024, m, 15);
    const paid = P.day(2024, m, 20);
    const gross = P.money(rng, 1500, 6000);
    const net = Math.round(gross * 0.74 * 100) / 100;
    s.text(employer, 40, 40, { size: 14, bold: true });
    s.text("Earnings Statement", 420, 40, { size: 12, bold: true });
    const variant = rng.pick(["labels", "period-line"]);
    s.lines([`Employee: ${emp.full}`, `Employee ID: ${id}`], 40, 80);
    if (variant === "labels") s.lines([`Period start: ${P.usDate(rng, start)}`, `Period end: ${P.usDate(rng, end)}`, `Pay date: ${P.usDate(rng, paid)}`], 330, 80);
    else s.lines([`Pay period: ${String(m).padStart(2, "0")}/01/2024 - ${String(m).padStart(2, "0")}/15/2024`, `Pay date: ${P.usDate(rng, paid)}`], 330, 80);
    s.text("Earnings              Hours       Rate        Current", 40, 150, { bold: true, size: 9 });
    s.text(`Regular pay           80.00       ${P.plain(gross / 80)}       ${P.plain(gross)}`, 40, 166, { size: 9 });
    s.text("Deductions                                    Current", 40, 196, { bold: true, size: 9 });
    s.text(`Federal income tax                            -${P.plain(gross * 0.12)}`, 40, 212, { size: 9 });
    s.text(`Social security                               -${P.plain(gross * 0.062)}`, 40, 226, { size: 9 });
    s.lines(["Gross pay", "Total deductions", "Net pay"], 330, 270, { bold: true });
    s.lines([P.usd(gross), P.usd(-(gross - net)), P.usd(net)], 460, 270);
    const fields = { employee_name: emp.full, employer, employee_id: id, pay_period_start: start.iso, pay_period_end: end.iso, pay_date: paid.iso, gross_pay: money(gross), net_pay: money(net) };
    return { bytes: await s.save(), fields, variant };
  },
};

const utilityBill: Kind = {
  kind: "utility-bill",
  fields: [
    { name: "provider", type: "text", description: "Utility company name" },
    { name: "account_number", type: "text", description: "Customer account number" },
    { name: "customer_name", type: "text", description: "Customer name" },
    { name: "service_address", type: "address", description: "Service address" },
    { name: "billing_period_start", type: "date", description: "Billing period start" },
    { name: "billing_period_end", type: "date", description: "Billing period end" },
    { name: "amount_due", type: "currency", description: "Amount due" },
    { name: "due_date", type: "date", description: "Payment due date" },
  ],
  async make(rng) {
    const s = await Sheet.create();
    const provider = P.utility(rng);
    const who = P.person(rng);
    const sa = P.address(rng);
    const pa = P.address(rng);
    const account = `${rng.digits(3)}-${rng.digits(6)}-${rng.digits(1)}`;
    const m = rng.int(1, 10);
    const start = P.day(2024, m, rng.int(1, 10));
    const end = P.day(2024, m + 1, start.d - 1 || 1);
    const due = P.day(2024, m + 2, 5);
    const amount = P.money(rng, 40, 400);
    s.text(provider, 40, 40, { size: 15, bold: true });
    s.text(`${pa.oneLine}  |  ${P.phone(rng)}`, 40, 62, { size: 8 });
    s.lines([who.full, sa.street, sa.cityLine], 40, 110);
    s.lines([`Account Number: ${account}`, `Billing Period: ${P.usDate(rng, start)} - ${P.usDate(rng, end)}`, `Due Date: ${P.usDate(rng, due)}`], 330, 110);
    s.text(`Service address: ${sa.oneLine}`, 40, 180, { size: 9 });
    s.text("Meter readings and usage", 40, 210, { bold: true });
    s.text(`Previous reading ${rng.int(10000, 20000)}   Current reading ${rng.int(20001, 30000)}   Usage ${rng.int(200, 900)} kWh`, 40, 226, { size: 9 });
    s.lines(["Previous balance", "Payment received - thank you", "Current charges", "Amount Due"], 330, 260);
    const prev = P.money(rng, 40, 400);
    s.lines([P.usd(prev), P.usd(-prev), P.usd(amount), P.usd(amount)], 480, 260);
    const fields = { provider, account_number: account, customer_name: who.full, service_address: sa.oneLine, billing_period_start: start.iso, billing_period_end: end.iso, amount_due: money(amount), due_date: due.iso };
    return { bytes: await s.save(), fields, variant: "standard" };
  },
};

export const KINDS: Kind[] = [w2, w9, bankStatement, resume, letter, purchaseOrder, payslip, utilityBill];

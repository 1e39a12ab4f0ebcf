import { describe, expect, it } from "vitest";
import { extractDocument } from "../../extract-document";
import type { FieldDefinition, ValueMetadata } from "../../types";
import { pdfOf, type PrintedText } from "./test-pdf";

type Text = PrintedText;

async function extract(texts: Text[], fields: FieldDefinition[]) {
  const result = await extractDocument({ bytes: await pdfOf(texts), mimeType: "application/pdf", fields, settings: { dataExtractionMode: "fast" } });
  const meta = (name: string) => result.fieldMetadata[name] as ValueMetadata;
  return { data: result.data, meta };
}

/** Column of lines, 14 points apart. */
const column = (lines: string[], x: number, y: number, size = 10): Text[] => lines.map((text, i) => ({ text, x, y: y + i * 14, size }));

describe("typed detectors on generated documents", () => {
  it("fills a résumé's e-mail, phone, URL and name at the top, and the section under its heading", async () => {
    const { data, meta } = await extract(
      [
        { text: "Priya Raman", x: 40, y: 40, size: 20, bold: true },
        { text: "Austin, TX  |  (512) 555-0134  |  priya.raman@proton.me  |  linkedin.com/in/priya-raman", x: 40, y: 70, size: 9 },
        { text: "Experience", x: 40, y: 120, size: 12, bold: true },
        ...column(["Data Analyst, Oakmont Analytics LLC", "Built dashboards and automated weekly reporting for the sales team."], 40, 140, 9),
        { text: "Skills", x: 40, y: 200, size: 12, bold: true },
        { text: "Python, SQL, Tableau", x: 40, y: 218, size: 9 },
      ],
      [
        { name: "full_name", type: "text", description: "Candidate's full name" },
        { name: "email", type: "email" },
        { name: "phone", type: "phone" },
        { name: "linkedin", type: "url", description: "LinkedIn profile" },
        { name: "skills", type: "text", description: "Skills listed" },
      ],
    );
    expect(data).toMatchObject({ full_name: "Priya Raman", email: "priya.raman@proton.me", phone: "(512) 555-0134", linkedin: "linkedin.com/in/priya-raman", skills: "Python, SQL, Tableau" });
    expect(meta("email").evidence?.strategy).toBe("detector-unique");
    expect(meta("full_name").evidence?.strategy).toBe("detector-layout");
    // Calibrated from the evidence, never certain by default.
    for (const name of ["full_name", "email", "phone"]) expect(meta(name).confidence).toBeLessThan(1);
  });

  it("abstains when two e-mails or two phone numbers stand without a label, and takes the labelled one", async () => {
    const fields: FieldDefinition[] = [{ name: "email", type: "email" }, { name: "phone", type: "phone" }, { name: "website", type: "url" }];
    const unlabelled = await extract(column(["Write to ana@example.org or ben@example.org", "Call 555-201-3344 or 555-201-9988"], 40, 60), fields);
    expect(unlabelled.data).toMatchObject({ email: null, phone: null, website: null });
    const labelled = await extract(column(["Email: ana@example.org", "Sales: ben@example.org", "Phone: 555-201-3344", "Fax: 555-201-9988"], 40, 60), fields);
    expect(labelled.data).toMatchObject({ email: "ana@example.org", phone: "555-201-3344" });
  });

  it("does not give a party's contact field the only e-mail address when it stands with no word of that party", async () => {
    const texts = [{ text: "Northwind Supply Co.", x: 40, y: 40, size: 14, bold: true }, ...column(["sales@northwind.example", "Invoice 4471"], 40, 70)];
    const { data } = await extract(texts, [{ name: "customer_email", type: "email", description: "Customer's e-mail" }, { name: "email", type: "email" }]);
    expect(data).toMatchObject({ customer_email: null, email: "sales@northwind.example" });
  });

  it("reads a wage statement's numbered boxes: the value under the label the description names", async () => {
    const box = (label: string, value: string, x: number, y: number): Text[] => [{ text: label, x: x + 3, y: y + 3, size: 6.5 }, { text: value, x: x + 6, y: y + 14 }];
    const { data, meta } = await extract(
      [
        ...box("a Employee's social security number", "123-45-6789", 40, 40),
        ...box("b Employer identification number (EIN)", "12-3456789", 40, 70),
        ...box("1 Wages, tips, other compensation", "52,340.10", 290, 70),
        ...box("2 Federal income tax withheld", "6,120.55", 430, 70),
        ...box("3 Social security wages", "52,340.10", 290, 100),
        ...box("4 Social security tax withheld", "3,245.09", 430, 100),
        ...box("e Employee's first name and initial", "Maria A. Garcia", 40, 130),
        { text: "Form W-2 Wage and Tax Statement", x: 40, y: 200, size: 12, bold: true },
        { text: "2023", x: 330, y: 198, size: 16, bold: true },
      ],
      [
        { name: "employee_ssn", type: "text", description: "Employee's social security number" },
        { name: "employer_ein", type: "text", description: "Employer identification number (EIN)" },
        { name: "wages", type: "currency", description: "Box 1 wages, tips, other compensation" },
        { name: "federal_tax_withheld", type: "currency", description: "Box 2 federal income tax withheld" },
        { name: "ss_tax", type: "currency", description: "Box 4 social security tax withheld" },
        { name: "employee_name", type: "text", description: "Employee's full name" },
        { name: "tax_year", type: "number" },
      ],
    );
    expect(data).toMatchObject({ employee_ssn: "123-45-6789", employer_ein: "12-3456789", wages: 52340.1, federal_tax_withheld: 6120.55, ss_tax: 3245.09, employee_name: "Maria A. Garcia", tax_year: 2023 });
    expect(meta("wages").evidence?.strategy).toBe("detector-label");
    expect(meta("wages").source?.page).toBe(1);
  });

  it("splits a statement period into its start and end, signs debits, and checks the routing number", async () => {
    const fields: FieldDefinition[] = [
      { name: "statement_start", type: "date", description: "First day of the statement period" },
      { name: "statement_end", type: "date", description: "Last day of the statement period" },
      { name: "closing_balance", type: "currency", description: "Closing balance" },
      { name: "routing_number", type: "text", description: "ABA routing number" },
      { name: "account_number", type: "text", description: "Account number" },
      { name: "account_holder", type: "text", description: "Account holder's name" },
    ];
    const statement = (routing: string) => [
      { text: "First Harbor Bank", x: 40, y: 36, size: 16, bold: true },
      ...column(["JANE Q. DOE", "12 OAK STREET", "SPRINGFIELD, IL 62704"], 40, 110),
      ...column(["Statement period: March 1 - March 31, 2024", "Account number: 0012345678", `Routing number: ${routing}`], 330, 110),
      { text: "Closing balance", x: 40, y: 200 },
      { text: "(1,204.50)", x: 250, y: 200 },
    ];
    const { data } = await extract(statement("021000021"), fields);
    expect(data).toMatchObject({ statement_start: "2024-03-01", statement_end: "2024-03-31", closing_balance: -1204.5, routing_number: "021000021", account_number: "0012345678", account_holder: "JANE Q. DOE" });
    // A nine-digit number whose checksum fails is no routing number.
    const wrong = await extract(statement("021000022"), fields);
    expect(wrong.data.routing_number).toBeNull();
  });

  it("abstains on an identifier the document does not print, and on two different periods", async () => {
    const { data } = await extract(
      column(["Billing period: 01/01/2024 - 01/31/2024", "Previous period: 12/01/2023 - 12/31/2023", "Reference 4471-22"], 40, 60),
      [
        { name: "ssn", type: "text", description: "Social security number" },
        { name: "iban", type: "text", description: "IBAN" },
        { name: "period_start", type: "date", description: "Start of the period" },
      ],
    );
    expect(data).toMatchObject({ ssn: null, iban: null, period_start: null });
  });

  it("reads a letter: letterhead, addressee block, date, subject and signature", async () => {
    const { data } = await extract(
      [
        { text: "Bluestone Consulting LLC", x: 40, y: 40, size: 15, bold: true },
        { text: "400 Park Place, Denver, CO 80202  |  (303) 555-0100", x: 40, y: 62, size: 8 },
        { text: "June 22, 2023", x: 40, y: 100 },
        ...column(["Ms. Naomi Holloway", "8615 Riverside Boulevard", "Austin, TX 78714"], 40, 130),
        { text: "Re: Offer of employment", x: 40, y: 190, bold: true },
        { text: "Dear Naomi Holloway,", x: 40, y: 215 },
        ...column(["We are pleased to offer you the position discussed during your interviews last week with our team.", "Please sign and return a copy of this letter by the end of the month to confirm your acceptance."], 40, 240),
        { text: "Sincerely,", x: 40, y: 300 },
        ...column(["Marcus Lindqvist", "Project Manager, Bluestone Consulting LLC"], 40, 340),
      ],
      [
        { name: "sender_name", type: "text", description: "Name of the person who signed the letter" },
        { name: "sender_company", type: "text", description: "Company that sent the letter" },
        { name: "addressee", type: "text", description: "Person the letter is addressed to" },
        { name: "letter_date", type: "date", description: "Date of the letter" },
        { name: "subject", type: "text", description: "Subject line" },
      ],
    );
    expect(data).toMatchObject({ sender_name: "Marcus Lindqvist", sender_company: "Bluestone Consulting LLC", addressee: "Naomi Holloway", letter_date: "2023-06-22", subject: "Offer of employment" });
  });

  it("does not take a bare 'Name:' label for a company field, and reads the letterhead instead", async () => {
    const { data } = await extract(
      [{ text: "Union Prairie Bank", x: 40, y: 36, size: 16, bold: true }, ...column(["Name: Northwind Supply Co.", "Date: 03/14/2024"], 40, 100)],
      [
        { name: "bank_name", type: "text", description: "Name of the bank" },
        { name: "customer", type: "text", description: "Customer name" },
      ],
    );
    expect(data.bank_name).toBe("Union Prairie Bank");
  });

  it("leaves a person field empty when the page has no name where it looks", async () => {
    const { data } = await extract(
      [{ text: "Quarterly Report", x: 40, y: 40, size: 20, bold: true }, ...column(["Revenue grew in every region this quarter.", "Costs stayed flat."], 40, 80)],
      [
        { name: "full_name", type: "text", description: "Candidate's full name" },
        { name: "sender_name", type: "text", description: "Name of the person who signed the letter" },
        { name: "address", type: "address", description: "Postal address" },
      ],
    );
    expect(data).toMatchObject({ full_name: null, sender_name: null, address: null });
  });

  it("answers a select field with the ticked box's exact option, not one sharing its words", async () => {
    const { data } = await extract(
      [{ text: "3 Federal tax classification", x: 40, y: 40, size: 7 }, { text: "[ ] Individual/sole proprietor", x: 50, y: 52 }, { text: "[X] C corporation", x: 220, y: 52 }, { text: "[ ] S corporation", x: 340, y: 52 }],
      [{ name: "classification", type: "select", options: ["Individual/sole proprietor", "C corporation", "S corporation"] }],
    );
    expect(data.classification).toBe("C corporation");
    // A text field asking for the ticked box gets its label; two ticked boxes under its label say nothing.
    const status = await extract(
      [{ text: "Filing status", x: 40, y: 40, size: 9 }, { text: "[ ] Single", x: 50, y: 54 }, { text: "[X] Married filing jointly", x: 160, y: 54 }, { text: "[ ] Head of household", x: 340, y: 54 }],
      [{ name: "filing_status", type: "text", description: "Filing status (the box that is ticked)" }],
    );
    expect(status.data.filing_status).toBe("Married filing jointly");
    const two = await extract(
      [{ text: "Filing status", x: 40, y: 40, size: 9 }, { text: "[X] Single", x: 50, y: 54 }, { text: "[X] Married filing jointly", x: 160, y: 54 }],
      [{ name: "filing_status", type: "text", description: "Filing status (the box that is ticked)" }],
    );
    expect(two.data.filing_status).toBeNull();
    const none = await extract([{ text: "[ ] Individual/sole proprietor", x: 50, y: 52 }, { text: "[ ] C corporation", x: 220, y: 52 }], [{ name: "classification", type: "select", options: ["Individual/sole proprietor", "C corporation"] }]);
    expect(none.data.classification).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../types";
import { extractTableField } from "./extract-table";
import { line, pages, sizedLine } from "./test-pages";

const text = (name: string, description: string): FieldDefinition => ({ name, type: "text", description });
const EXPERIENCE: FieldDefinition = {
  name: "experience",
  type: "table",
  description: "Work experience, one row per job",
  columns: [text("company", "Employer"), text("position", "Job title"), text("start", "Start date as printed"), text("end", "End date as printed, or Present"), text("location", "City and state")],
};
const EDUCATION: FieldDefinition = {
  name: "education",
  type: "table",
  description: "Education, one row per school",
  columns: [text("school", "School or university"), text("degree", "Degree obtained"), text("year", "Year of graduation")],
};

const read = (field: FieldDefinition, lines: ReturnType<typeof line>[]) => extractTableField(pages(lines), field, { advanced: false }).rows;
const top = [sizedLine(20, 40, ["Maria Okafor", 50]), line(70, ["555-201-3344 | maria@example.org", 50]), sizedLine(12, 100, ["Summary", 50]), line(118, ["Analytical professional who enjoys turning data into decisions.", 50])];

describe("list-like sections read as rows", () => {
  it("reads jobs printed title first, the dates at the right, the place under them, bullets below", () => {
    const lines = [
      ...top,
      sizedLine(12, 150, ["Professional Experience", 50]),
      line(172, ["Senior Data Analyst, Northwind Logistics Inc.", 50], ["Jan 2021 – Present", 560, "right"]),
      line(186, ["Austin, TX", 50]),
      line(200, ["• Led a team of five to rebuild the reporting pipeline.", 60]),
      line(214, ["• Worked with stakeholders to define requirements.", 60]),
      line(236, ["Project Manager, Cedar Ridge Consulting LLC", 50], ["Mar 2017 – Dec 2020", 560, "right"]),
      line(250, ["Denver, CO", 50]),
      line(264, ["• Managed a budget across three regional programs.", 60]),
      sizedLine(12, 292, ["Education", 50]),
      line(312, ["B.S. in Computer Science, Ohio State University, 2016", 50]),
      line(330, ["Associate of Applied Science, Portland Community College, 2013", 50]),
      sizedLine(12, 356, ["Skills", 50]),
      line(374, ["Python, SQL, Tableau", 50]),
    ];
    expect(read(EXPERIENCE, lines)).toEqual([
      { company: "Northwind Logistics Inc.", position: "Senior Data Analyst", start: "Jan 2021", end: "Present", location: "Austin, TX" },
      { company: "Cedar Ridge Consulting LLC", position: "Project Manager", start: "Mar 2017", end: "Dec 2020", location: "Denver, CO" },
    ]);
    expect(read(EDUCATION, lines)).toEqual([
      { school: "Ohio State University", degree: "B.S. in Computer Science", year: "2016" },
      { school: "Portland Community College", degree: "Associate of Applied Science", year: "2013" },
    ]);
  });

  it("reads jobs printed company first with the title and dates on the line under it, and pipe-separated entries", () => {
    const lines = [
      ...top,
      sizedLine(12, 150, ["Work History", 50]),
      line(172, ["Brightwater Health Partners Co.", 50], ["Boise, ID", 560, "right"]),
      line(186, ["Registered Nurse", 50], ["06/2019 - 08/2023", 560, "right"]),
      line(200, ["• Coordinated care for a 30-bed unit.", 60]),
      line(222, ["Charge Nurse | Summit Foods Corp. | Tucson, AZ | 2015 - 2019", 50]),
      sizedLine(12, 250, ["Skills", 50]),
    ];
    expect(read(EXPERIENCE, lines)).toEqual([
      { company: "Brightwater Health Partners Co.", position: "Registered Nurse", start: "06/2019", end: "08/2023", location: "Boise, ID" },
      { company: "Summit Foods Corp.", position: "Charge Nurse", start: "2015", end: "2019", location: "Tucson, AZ" },
    ]);
  });

  it("reads dates printed in a left column, a range split over two lines, and paragraphs as the entries' bodies", () => {
    const PERIOD: FieldDefinition = { ...EXPERIENCE, columns: [text("company", "Employer"), text("position", "Job title"), text("dates", "Employment period as printed")] };
    const lines = [
      ...top,
      sizedLine(12, 150, ["Experience", 110]),
      line(172, ["2019 –", 50], ["Product Manager, Lakeshore Media, Portland, OR, USA", 110]),
      line(186, ["Present", 50], ["Leading teams to design and launch products and making data-driven decisions for", 110]),
      line(200, ["the roadmap and the budget of the unit.", 110]),
      line(220, ["2014 – 2019", 50], ["Financial Analyst, Granite Peak Bank, Boise, ID, USA", 110]),
      line(234, ["Built the forecasting models used by the treasury and the risk teams every quarter.", 110]),
      sizedLine(12, 262, ["Education", 110]),
    ];
    expect(read(PERIOD, lines)).toEqual([
      { company: "Lakeshore Media", position: "Product Manager", dates: "2019 – Present" },
      { company: "Granite Peak Bank", position: "Financial Analyst", dates: "2014 – 2019" },
    ]);
  });

  it("continues a section on the next page until the next heading", () => {
    const page1 = [...top, sizedLine(12, 150, ["Experience", 50]), line(172, ["Software Engineer, Redwood Analytics Inc.", 50], ["2021 - Present", 560, "right"]), line(186, ["• Built the billing service used by forty teams.", 60])];
    const page2 = [line(60, ["Financial Analyst, Oakmont Media LLC", 50], ["2017 - 2021", 560, "right"]), line(74, ["• Owned the quarterly forecast.", 60]), sizedLine(12, 100, ["Skills", 50]), line(118, ["Excel, SQL", 50])];
    const rows = extractTableField(pages(page1, page2), EXPERIENCE, { advanced: false }).rows;
    expect(rows.map((r) => [r.company, r.position, r.start, r.end])).toEqual([
      ["Redwood Analytics Inc.", "Software Engineer", "2021", "Present"],
      ["Oakmont Media LLC", "Financial Analyst", "2017", "2021"],
    ]);
  });

  it("reads nothing when no section heading names the table", () => {
    const lines = [...top, sizedLine(12, 150, ["Interests", 50]), line(172, ["Hiking, Denver, CO, 2019 - 2021", 50])];
    expect(read(EXPERIENCE, lines)).toEqual([]);
  });
});

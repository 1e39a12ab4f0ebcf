import { describe, expect, it } from "vitest";
import { documentLines } from "../fields/document-lines";
import { textToPages } from "../loaders/plain-text";
import { extractFromPageModel } from "../extract-document";
import { nameFieldCandidates, NAME_FEATURE_NAMES, withNameScorer, type ScorerModel } from "./index";
import type { Tree } from "./model";
import { nameCandidates } from "./name-features";

const receipt = ["KEDAI MAJU ENTERPRISE", "(002345-K)", "NO. 12, JALAN MERANTI 3", "43000 KAJANG, SELANGOR", "TEL: 03-8736 1234", "Date: 12/03/2024", "Total   3.92"];
const lines = documentLines({ pages: textToPages(receipt.join("\n")) });
const at = (name: (typeof NAME_FEATURE_NAMES)[number]) => NAME_FEATURE_NAMES.indexOf(name);

describe("name candidates", () => {
  it("lists header lines alone and joined, each value once", () => {
    const values = nameCandidates(lines).map((c) => c.value);
    expect(values).toContain("KEDAI MAJU ENTERPRISE");
    expect(values).toContain("NO. 12, JALAN MERANTI 3 43000 KAJANG, SELANGOR");
    expect(new Set(values).size).toBe(values.length);
  });

  it("describes the name line by its trade word, its place and the registration number under it", () => {
    const found = nameFieldCandidates(lines, null);
    const x = found.features[found.candidates.findIndex((c) => c.value === "KEDAI MAJU ENTERPRISE")]!;
    expect(x[at("trade_word")]).toBe(1);
    expect(x[at("line_rank")]).toBe(0);
    expect(x[at("registration_below")]).toBe(1);
    expect(x[at("address_below")]).toBe(1);
    expect(x[at("rule_abstained")]).toBe(1);
    const street = found.features[found.candidates.findIndex((c) => c.value === "NO. 12, JALAN MERANTI 3")]!;
    expect(street[at("premises_start")]).toBe(1);
  });

  it("adds the rules' value when no header line gives it", () => {
    const pick = { value: "Maju Holdings", score: 0.6, source: { page: 1, x: 0, y: 0.9, w: 0.2, h: 0.02 }, raw: "Maju Holdings", line: 6 };
    const found = nameFieldCandidates(lines, pick);
    const added = found.candidates.findIndex((c) => c.value === "Maju Holdings");
    expect(added).toBeGreaterThanOrEqual(0);
    expect(found.features[added]![at("derived")]).toBe(1);
    expect(found.features[added]![at("rule_same_value")]).toBe(1);
  });
});

describe("features of the rules' misses on unseen layouts", () => {
  // A brand over the legal name, the buyer's block under its heading, a bank line, the legal name again in the footer
  // (66 lines a page: the footer starts at line 53).
  const invoice = ["NORDWIND", "Nordwind Handels GmbH", "Hafenstraße 4, 20457 Hamburg", "", "Bill to:", "Kranich Logistik AG", "", "Description", "Bank: Hansa Sparkasse", ...Array<string>(46).fill(""), "Nordwind Handels GmbH · Hafenstraße 4 · USt-IdNr. DE123456789"];
  const pageLines = documentLines({ pages: textToPages(invoice.join("\n")) });
  const found = nameFieldCandidates(pageLines, null);
  const of = (value: string) => found.features[found.candidates.findIndex((c) => c.value === value)]!;

  it("marks a brand line with the legal form under it, and the legal name repeated in the footer", () => {
    expect(of("NORDWIND")[at("legal_form_below")]).toBe(1);
    expect(of("Nordwind Handels GmbH")[at("legal_form_below")]).toBe(0);
    expect(of("Nordwind Handels GmbH")[at("footer_repeat")]).toBe(1);
    expect(of("Kranich Logistik AG")[at("footer_repeat")]).toBe(0);
  });

  it("marks the buyer's block, a column heading and a bank line", () => {
    expect(of("Kranich Logistik AG")[at("other_party_block")]).toBe(1);
    expect(of("Kranich Logistik AG")[at("buyer_heading_above")]).toBe(1);
    expect(of("Nordwind Handels GmbH")[at("other_party_block")]).toBe(0);
    expect(of("Bill to:")[at("heading_or_label")]).toBe(1);
    expect(of("Description")[at("heading_or_label")]).toBe(1);
    expect(of("Bank: Hansa Sparkasse")[at("bank_near")]).toBe(1);
    expect(of("NORDWIND")[at("bank_near")]).toBe(0);
  });
});

describe("name scorer in force", () => {
  /** One split: a trade word scores +4, anything else -4. */
  const tree: Tree = { feature: [at("trade_word"), -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -4, 4] };
  const model: ScorerModel = { version: 1, trainedOn: "test", features: [...NAME_FEATURE_NAMES], fields: { vendor_name: { kind: "name", base: 0, learningRate: 1, trees: [tree], calibration: { weights: [1, 0, 0, 0] }, abstainBelow: 0.5 } }, report: {} };

  it("as a tie-break, leaves the rules' name unless it is sure of another", () => {
    // A model sure of the street line (sigmoid(4) = 0.98), which the rules never take for the name.
    const street: Tree = { ...tree, feature: [at("premises_start"), -1, -1] };
    const sure = (sureAt: number): ScorerModel => ({ ...model, sureAt, fields: { vendor_name: { ...model.fields.vendor_name!, trees: [street] } } });
    const fields = [{ name: "vendor_name", type: "text" as const }];
    const page = { pages: textToPages(receipt.join("\n")) };
    expect(withNameScorer(null, () => extractFromPageModel(page, fields)).data.vendor_name).toBe("KEDAI MAJU ENTERPRISE");
    expect(withNameScorer(sure(0.9), () => extractFromPageModel(page, fields)).data.vendor_name).toBe("NO. 12, JALAN MERANTI 3");
    expect(withNameScorer(sure(0.99), () => extractFromPageModel(page, fields)).data.vendor_name).toBe("KEDAI MAJU ENTERPRISE");
  });

  it("chooses the seller's name on an invoice parser", () => {
    const { data, fieldMetadata } = withNameScorer(model, () => extractFromPageModel({ pages: textToPages(receipt.join("\n")) }, [{ name: "vendor_name", type: "text" }]));
    expect(data.vendor_name).toBe("KEDAI MAJU ENTERPRISE");
    expect(fieldMetadata.vendor_name?.confidence).toBeGreaterThan(0.9);
  });
});

import { sameRow, wordsSource, type DocLine } from "../fields/document-lines";
import { cleanName, COMPANY_MARK, endAtLegalForm, isNameLike, itemColumnOf, nameMatchesDomain, NOT_A_NAME, REGISTRATION_ONLY, TRADE_WORD } from "../fields/parties";
import { hasPostcode, startsWithPremises } from "../fields/vendor-address";
import { namesNoParty } from "../fields/header-distractors";
import { partyBlockOf } from "../fields/party-blocks";
import { isBuyerHeading, isFieldLabel, isPartyHeading, underBuyerHeading } from "../fields/party-headings";
import { isHeadingText } from "../fields/detectors/typed-values";
import type { ValueCandidate } from "./candidates";
import type { RulePick } from "./features";

/**
 * The seller's name as a choice among the header's lines: every line of the first page's top (and that line joined
 * with the next one or two, for a name wrapped over lines), as printed and with the rules' clean-up (a label before
 * it, a registration number after its legal form dropped). What the model sees of each is below: numbers only, in
 * this order (name-model.json records the list and refuses to run on another).
 */
export const NAME_FEATURE_NAMES = [
  // The rule engine's own choice, as evidence rather than a verdict (the first four as the value scorer's, in the same
  // places: the calibration reads "rule_same_value" and "rule_abstained").
  "rule_same_value",
  "rule_same_line",
  "rule_score",
  "rule_abstained",
  "derived",
  "rule_contains",
  "contains_rule",
  // Where the line stands among the page's lines.
  "line_rank",
  "name_like_rank",
  "y",
  "x_centre",
  "width",
  "height_ratio",
  "tallest_of_top",
  "lines_joined",
  "cleaned",
  // What the text looks like.
  "words",
  "letters",
  "digit_share",
  "upper_share",
  "all_lower",
  "name_like",
  "company_mark",
  "trade_word",
  "not_a_name",
  "colon",
  "bracket",
  "long_number",
  "premises_start",
  "postcode",
  // What stands around it.
  "registration_below",
  "address_below",
  "same_row_lines",
  "repeats",
  "domain_match",
  // Reading.
  "ocr",
  "ocr_min_conf",
  "ocr_mean_conf",
  // The causes of the rules' misses on layouts never seen (docs/extraction.md, "Parties"): a logo or brand over the
  // legal name, the buyer's or the bank's line, a title or column heading, a name printed again in the footer.
  "legal_form_below",
  "legal_form_on_page",
  "other_party_block",
  "seller_block",
  "buyer_heading_above",
  "heading_or_label",
  "names_no_party",
  "bank_near",
  "footer_repeat",
  "later_page_repeat",
] as const;

export type NameFeature = (typeof NAME_FEATURE_NAMES)[number];

/** Lines of the first page read from the top: a seller's name stands in the header (the rules' pick, if elsewhere, is added). */
export const HEADER_LINES = 12;
/** A name wrapped over lines: this many lines at most make one candidate. */
const MAX_JOINED = 3;

const ZERO: Record<string, number> = Object.fromEntries(NAME_FEATURE_NAMES.map((name) => [name, 0]));

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A name candidate: which header lines it joins and whether the rules' clean-up was applied. */
export type NameCandidate = ValueCandidate & { lines: DocLine[]; cleaned: boolean };

/** The header's lines, alone and joined with the next ones, as printed and cleaned; each distinct value once. */
export function nameCandidates(lines: DocLine[]): NameCandidate[] {
  const page = lines[0]?.page ?? 1;
  const top = lines.filter((l) => l.page === page).slice(0, HEADER_LINES);
  const out: NameCandidate[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < top.length; i += 1) {
    for (let n = 1; n <= MAX_JOINED && i + n <= top.length; n += 1) {
      const parts = top.slice(i, i + n);
      const printed = parts.map((l) => l.text.trim()).join(" ").replace(/\s+/g, " ");
      const tidy = endAtLegalForm(cleanName(printed));
      for (const [value, cleaned] of [[printed, false], [tidy, true]] as const) {
        if (!/\p{L}/u.test(value) || seen.has(value)) continue;
        seen.add(value);
        const words = parts.flatMap((l) => l.words);
        out.push({ value, line: parts[0]!, lines: parts, words, source: wordsSource(page, words), raw: parts.map((l) => l.text).join("\n"), hasDecimals: false, derived: false, cleaned });
      }
    }
  }
  return out;
}

/** The rules' value as a candidate of its own when no header line gives it (a footer's sender, a repaired name). */
export function withRulePick(candidates: NameCandidate[], lines: DocLine[], pick: RulePick & {}, source: ValueCandidate["source"]): NameCandidate[] {
  if (typeof pick.value !== "string" || candidates.some((c) => c.value === pick.value)) return candidates;
  const line = lines[pick.line];
  if (!line) return candidates;
  return [...candidates, { value: pick.value, line, lines: [line], words: line.words, source, raw: line.text, hasDecimals: false, derived: true, cleaned: true }];
}

/** A bank's words on a line: a bank's name on a payment slip or in a bank-details block is no seller. */
const BANK_WORDS = /(?<![\p{L}])(?:bank|banco|banque|banca|iban|bic|swift|account|konto|rekening|cuenta|conto|compte|sort\s+code|routing)(?![\p{L}])/iu;
/** Lines below this share of the page height are its footer, where the seller prints its legal name again. */
const FOOTER_FROM = 0.8;

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** One feature vector per candidate, in NAME_FEATURE_NAMES order. */
export function nameFeatures(lines: DocLine[], candidates: NameCandidate[], rule: RulePick): number[][] {
  const page = lines[0]?.page ?? 1;
  const onPage = lines.filter((l) => l.page === page);
  const top = onPage.slice(0, HEADER_LINES);
  const medianHeight = median(onPage.map((l) => l.box.h)) || 0.01;
  const tallest = Math.max(0, ...top.map((l) => l.box.h));
  const nameLike = top.filter((l) => isNameLike(cleanName(l.text)));
  const ocr = lines.some((l) => l.words.some((w) => w.confidence < 1));
  const texts = lines.map((l) => normalise(l.text));
  const ruleText = rule && typeof rule.value === "string" ? normalise(rule.value) : null;
  return candidates.map((c) => {
    const f: Record<string, number> = { ...ZERO };
    const value = String(c.value);
    const key = normalise(value);
    const first = c.lines[0]!;
    const last = c.lines[c.lines.length - 1]!;
    f.rule_same_value = ruleText !== null && key === ruleText ? 1 : 0;
    f.rule_same_line = rule && c.lines.some((l) => l.index === rule.line) ? 1 : 0;
    f.rule_score = f.rule_same_value ? (rule?.score ?? 0) : 0;
    f.rule_abstained = rule ? 0 : 1;
    f.derived = c.derived ? 1 : 0;
    f.rule_contains = ruleText !== null && key !== ruleText && ruleText.includes(key) ? 1 : 0;
    f.contains_rule = ruleText !== null && key !== ruleText && key.includes(ruleText) ? 1 : 0;
    f.line_rank = top.indexOf(first) < 0 ? HEADER_LINES : top.indexOf(first);
    const likeRank = nameLike.indexOf(first);
    f.name_like_rank = likeRank < 0 ? HEADER_LINES : likeRank;
    f.y = c.source.y;
    f.x_centre = c.source.x + c.source.w / 2;
    f.width = c.source.w;
    f.height_ratio = Math.max(...c.lines.map((l) => l.box.h)) / medianHeight;
    f.tallest_of_top = c.lines.some((l) => l.box.h >= tallest) ? 1 : 0;
    f.lines_joined = c.lines.length;
    f.cleaned = c.cleaned ? 1 : 0;
    const letters = (value.match(/\p{L}/gu) ?? []).length;
    const upper = (value.match(/\p{Lu}/gu) ?? []).length;
    f.words = value.split(/\s+/).length;
    f.letters = letters;
    f.digit_share = share((value.match(/\d/g) ?? []).length, value.replace(/\s/g, "").length);
    f.upper_share = share(upper, letters);
    f.all_lower = letters > 0 && upper === 0 ? 1 : 0;
    f.name_like = isNameLike(value) ? 1 : 0;
    f.company_mark = COMPANY_MARK.test(value) ? 1 : 0;
    f.trade_word = TRADE_WORD.test(value) ? 1 : 0;
    f.not_a_name = NOT_A_NAME.test(value) ? 1 : 0;
    f.colon = value.includes(":") ? 1 : 0;
    f.bracket = /[()]/.test(value) ? 1 : 0;
    f.long_number = /\d{4,}/.test(value) ? 1 : 0;
    f.premises_start = startsWithPremises(value) ? 1 : 0;
    f.postcode = hasPostcode(value) ? 1 : 0;
    const below = onPage.filter((l) => l.index > last.index).slice(0, 3);
    f.registration_below = below[0] && REGISTRATION_ONLY.test(below[0].text.trim()) ? 1 : 0;
    f.address_below = below.some((l) => startsWithPremises(l.text) || hasPostcode(l.text)) ? 1 : 0;
    f.same_row_lines = onPage.filter((l) => l !== first && sameRow(l.box, first.box)).length;
    f.repeats = key.length >= 4 ? texts.filter((t, i) => !c.lines.some((l) => l.index === i) && t.includes(key)).length : 0;
    f.domain_match = nameMatchesDomain(lines, value) ? 1 : 0;
    f.ocr = ocr ? 1 : 0;
    const confidences = c.words.map((w) => w.confidence);
    f.ocr_min_conf = Math.min(1, ...confidences);
    f.ocr_mean_conf = confidences.length ? confidences.reduce((s, v) => s + v, 0) / confidences.length : 1;
    // A brand or logo line stands over the legal name: a legal form on the next lines, none on this one.
    f.legal_form_below = !COMPANY_MARK.test(value) && below.slice(0, 2).some((l) => COMPANY_MARK.test(l.text)) ? 1 : 0;
    f.legal_form_on_page = !COMPANY_MARK.test(value) && onPage.some((l) => l.index !== first.index && COMPANY_MARK.test(l.text)) ? 1 : 0;
    // The line the value stands on: a cleaned candidate may start at the heading the clean-up dropped ("Bill to:").
    const own = c.lines.find((l) => key.includes(normalise(l.text))) ?? first;
    const block = partyBlockOf(lines, own);
    f.other_party_block = block === "other" ? 1 : 0;
    f.seller_block = block === "seller" ? 1 : 0;
    f.buyer_heading_above = underBuyerHeading(lines, own) || c.lines.some((l) => isBuyerHeading(l.text)) || isBuyerHeading(value.split(/[:：]/)[0] ?? "") ? 1 : 0;
    f.heading_or_label = isHeadingText(value) || isFieldLabel(value) || isPartyHeading(value) || itemColumnOf(value) !== null ? 1 : 0;
    f.names_no_party = namesNoParty(value) ? 1 : 0;
    const around = onPage.filter((l) => Math.abs(l.index - first.index) <= 1 || c.lines.includes(l));
    f.bank_near = around.some((l) => BANK_WORDS.test(l.text)) ? 1 : 0;
    const elsewhere = (l: DocLine) => !c.lines.some((own) => own.index === l.index) && key.length >= 4 && normalise(l.text).includes(key);
    f.footer_repeat = onPage.some((l) => l.box.y >= FOOTER_FROM && elsewhere(l)) ? 1 : 0;
    f.later_page_repeat = lines.some((l) => l.page !== page && elsewhere(l)) ? 1 : 0;
    return NAME_FEATURE_NAMES.map((name) => f[name] ?? 0);
  });
}

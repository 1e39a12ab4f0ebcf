import { LETTER_LOOKALIKES, oneLetterAdded, oneLetterOff } from "./letter-slips";

/**
 * Address vocabulary for repairing OCR slips in addresses ("THN" for "TMN", "KEMBANGAMN" for "KEMBANGAN"): an address
 * must match letter for letter, and thermal receipts make tesseract drop or swap single letters. The words are
 * general: street and premises words in the languages the engine reads, and the states, territories and larger towns
 * of Malaysia and Singapore, whose shop receipts print a full postal address. No vendor's address is listed.
 */
const STREET_WORDS = [
  // English
  "STREET", "ROAD", "AVENUE", "DRIVE", "BOULEVARD", "SQUARE", "PLACE", "BUILDING", "FLOOR", "GROUND", "LEVEL", "SUITE",
  "BLOCK", "PLAZA", "CENTRE", "CENTER", "COMPLEX", "INDUSTRIAL", "ESTATE", "VILLAGE", "TOWER", "HEIGHTS", "GARDENS",
  // Malay
  "JALAN", "LORONG", "PERSIARAN", "LEBUH", "LEBUHRAYA", "LINGKARAN", "TAMAN", "KAMPUNG", "BANDAR", "KAWASAN",
  "PERINDUSTRIAN", "PERNIAGAAN", "KOMPLEKS", "PUSAT", "MEDAN", "WISMA", "BANGUNAN", "MENARA", "SEKSYEN", "BUKIT",
  "SUNGAI", "TANJUNG", "TANJONG", "PULAU", "PEKAN", "PANGSAPURI", "KEDAI", "TINGKAT", "BATU", "SIMPANG",
  // German, French, Dutch
  "STRASSE", "STRAßE", "PLATZ", "ALLEE", "GASSE", "CHAUSSEE", "AVENUE", "BOULEVARD", "CHEMIN", "IMPASSE", "STRAAT",
  "LAAN", "PLEIN", "GRACHT", "KADE",
];

const REGIONS = [
  "MALAYSIA", "SINGAPORE", "SELANGOR", "JOHOR", "KEDAH", "KELANTAN", "MELAKA", "MALACCA", "NEGERI", "SEMBILAN",
  "PAHANG", "PERAK", "PERLIS", "PENANG", "PINANG", "SABAH", "SARAWAK", "TERENGGANU", "KUALA", "LUMPUR", "PUTRAJAYA",
  "LABUAN", "PETALING", "SUBANG", "PUCHONG", "KLANG", "KAJANG", "KEMBANGAN", "SERDANG", "CHERAS", "AMPANG", "KEPONG",
  "RAWANG", "SELAYANG", "SETAPAK", "DAMANSARA", "BANGSAR", "CYBERJAYA", "SEPANG", "BANTING", "SEMENYIH", "GOMBAK",
  "BALAKONG", "SEREMBAN", "NILAI", "SEGAMAT", "KLUANG", "PONTIAN", "KULAI", "SKUDAI", "GELANG", "KELANG", "KELANA", "PATAH", "TAIPING",
  "KUANTAN", "TEMERLOH", "KUCHING", "BINTULU", "SANDAKAN", "TAWAU", "KINABALU", "GEORGETOWN", "BUTTERWORTH", "SETAR",
  "PETANI", "KANGAR", "TERENGGANU", "DUNGUN", "KEMAMAN", "MANJUNG", "TELUK", "INTAN", "BERNAM", "SABAK", "KAPAR",
  "MERU", "TAMBUN", "BENTONG", "RAUB", "MENTAKAB", "MUAR", "BATU", "PAHAT", "JURU", "BAYAN", "LEPAS", "BUKIT",
  "MERTAJAM", "JELUTONG", "PUTRA", "JAYA", "SHAH", "ALAM", "SERI", "UTAMA", "INDAH", "PERDANA", "BARU", "LAMA", "UTARA",
  "SELATAN", "TIMUR", "BARAT", "TENGAH",
  // The honorifics of Malaysian states, printed after the state's name ("SELANGOR DARUL EHSAN").
  "DARUL", "EHSAN", "TAKZIM", "AMAN", "RIDZUAN", "MAKMUR", "NAIM", "KHUSUS",
  // The federal territories ("WILAYAH PERSEKUTUAN KUALA LUMPUR").
  "WILAYAH", "PERSEKUTUAN",
];

/**
 * Abbreviations of Jalan, Taman and Lorong. Three letters leave little room: only a word in capitals without digits,
 * one letter off, is taken for one, and no abbreviation here is one letter from another ("KPB" and "KPG" both exist).
 */
const ABBREVIATIONS = ["JLN", "TMN", "LRG"];

const LEXICON = new Set([...STREET_WORDS, ...REGIONS, ...ABBREVIATIONS]);
/** Long words may also have lost or gained one letter; shorter ones only have a letter swapped. */
const MIN_LENGTH_FOR_SUBSTITUTION = 5;
const MIN_LENGTH_FOR_INSERTION = 7;

function lexiconWordFor(letters: string): string | null {
  if (LEXICON.has(letters)) return letters;
  const matches = new Set<string>();
  for (const entry of LEXICON) {
    const substitution = entry.length === 3 ? letters.length === 3 : entry.length >= MIN_LENGTH_FOR_SUBSTITUTION;
    if (substitution && oneLetterOff(letters, entry)) matches.add(entry);
    if (entry.length >= MIN_LENGTH_FOR_INSERTION && (oneLetterAdded(entry, letters) || oneLetterAdded(letters, entry))) matches.add(entry);
  }
  // Two words within one slip: nothing tells which was meant.
  return matches.size === 1 ? [...matches][0]! : null;
}

/** The repaired word in the case the OCR read it in: "Bulch" → "Buloh", "KEMBANGAMN" → "KEMBANGAN". */
function inCaseOf(original: string, word: string): string {
  if (original === original.toUpperCase()) return word;
  if (original === original.toLowerCase()) return word.toLowerCase();
  return word[0] + word.slice(1).toLowerCase();
}

/** One word of an address, repaired when it is one slip away from exactly one address word. */
export function repairAddressWord(token: string): string {
  const match = /^([^\p{L}\d]*)([\p{L}\d]+)([^\p{L}\d]*)$/u.exec(token);
  if (!match) return token;
  const [, lead = "", core = "", trail = ""] = match;
  if (!/\p{L}/u.test(core) || (core.match(/\d/g) ?? []).length > 1) return token;
  const letters = core.toUpperCase().replace(/\d/g, (d) => LETTER_LOOKALIKES[d] ?? d);
  if (!/^\p{Lu}+$/u.test(letters) || letters.length < 3) return token;
  // Three-letter abbreviations are only trusted in capitals: "the", "and" are not "TMN" misread.
  if (letters.length === 3 && (core !== core.toUpperCase() || /\d/.test(core))) return token;
  const word = lexiconWordFor(letters);
  if (!word) return lead + splitJoinedWords(core) + trail;
  if (word === core) return token;
  return lead + inCaseOf(core.replace(/\d/g, "A"), word) + trail;
}

/** The shortest address word a joined pair may be split into ("SHAH" + "ALAM"). */
const MIN_JOINED_PART = 4;

/**
 * Short words that join a street word in an address ("OFF JALAN KEPONG"): run together with it ("OFFJALAN") they
 * split too. The dev sets' ground truth prints "OFF JALAN" or "OFF JLN" ten times and never joined.
 */
const JOINING_WORDS = new Set(["OFF"]);

/**
 * Two address words the recogniser ran together ("KUALALUMPUR", "ShahAlam") get their space back when the word is
 * no address word itself ("PUTRAJAYA" is one) and it splits in exactly one way into two words of four letters or
 * more, both in the vocabulary. The dev sets' ground truth never joins two of them.
 */
function splitJoinedWords(core: string): string {
  const letters = core.toUpperCase();
  if (!/^\p{Lu}+$/u.test(letters) || letters.length <= MIN_JOINED_PART || LEXICON.has(letters)) return core;
  const splits: number[] = [];
  for (let i = 1; i <= letters.length - MIN_JOINED_PART; i += 1) {
    const first = letters.slice(0, i);
    const firstIsWord = i >= MIN_JOINED_PART ? LEXICON.has(first) : JOINING_WORDS.has(first);
    if (firstIsWord && LEXICON.has(letters.slice(i))) splits.push(i);
  }
  return splits.length === 1 ? `${core.slice(0, splits[0])} ${core.slice(splits[0])}` : core;
}

/**
 * "LOT P.T. 2B11", "1B51-B": a letter between two digits is a digit misread. The ground truth of every dev set (four
 * sets, 282 documents) has no address with a letter between two digits; units and lots put their letter after the
 * number ("31G", "1851-B") or before it ("U13", "G-5B"). Only B, the look-alike seen misread there, is mended.
 */
export function mendNumberLetters(text: string): string {
  return text.replace(/(?<=\d)B(?=\d)/g, "8");
}

/**
 * Towns of two words. A word of four letters read with one letter wrong is a clue too weak alone ("ALAN"; "UTAHA" is
 * one letter from UTAMA and from UTARA), but beside the other word of its town, read right, it is that town's word:
 * "SHAH ALAN", "BANDAR UTAHA". Only a letter misread counts, not one lost or added ("SRI KEMBANGAN" is printed so
 * too), and no "… JAYA" town is listed: "JALAN SUBANG JASA" and "SERDANG RAYA" are streets one letter from them.
 */
const TWO_WORD_TOWNS = [
  "SHAH ALAM", "SETIA ALAM", "KUALA LUMPUR", "JOHOR BAHRU", "SERI KEMBANGAN", "BANDAR UTAMA", "KOTA KINABALU",
  "BATU PAHAT", "BUKIT MERTAJAM", "TELUK INTAN", "ALOR SETAR", "BAYAN LEPAS", "DARUL EHSAN",
].map((town) => town.split(" ") as [string, string]);

const MIN_TOWN_WORD = 4;

/** `read` is `word` with one letter misread. */
const misreadTownWord = (read: string, word: string) => word.length >= MIN_TOWN_WORD && oneLetterOff(read, word);

function repairTownWords(text: string): string {
  const parts = text.split(/(\s+)/);
  const letters = (part: string | undefined) => (part ?? "").toUpperCase().replace(/[^\p{L}]/gu, "");
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const first = letters(parts[i]);
    const second = letters(parts[i + 2]);
    for (const [a, b] of TWO_WORD_TOWNS) {
      if (first === a && misreadTownWord(second, b)) parts[i + 2] = parts[i + 2]!.replace(/\p{L}+/u, (w) => inCaseOf(w, b));
      else if (second === b && misreadTownWord(first, a)) parts[i] = parts[i]!.replace(/\p{L}+/u, (w) => inCaseOf(w, a));
    }
  }
  return parts.join("");
}

/**
 * "PETAL ING JAYA", "SH AH ALAM", "Ja lan": the recogniser puts a space inside a word now and then (most often beside
 * a narrow l or I). Two neighbouring words of letters join when together they are an address word and not both are
 * one already ("PUTRA JAYA" stays two). Found on SROIE's training receipts, where no label splits an address word.
 */
export function joinSplitWords(text: string): string {
  const parts = text.split(/(\s+)/);
  const letters = (part: string | undefined) => (/^\p{L}+$/u.test(part ?? "") ? part!.toUpperCase() : null);
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const first = letters(parts[i]);
    const second = letters(parts[i + 2]);
    if (!first || !second || (LEXICON.has(first) && LEXICON.has(second)) || !LEXICON.has(first + second)) continue;
    parts.splice(i, 3, parts[i]! + parts[i + 2]!);
  }
  return parts.join("");
}

/** An OCR'd address with its words checked against the address vocabulary. */
export function repairAddressText(text: string): string {
  return repairTownWords(mendNumberLetters(joinSplitWords(text)).split(/(\s+)/).map((part) => (/\s/.test(part) ? part : repairAddressWord(part))).join(""));
}

const REGION_WORDS = new Set(REGIONS);

/** Whether a word (capitals, no marks) is one of the address vocabulary's street, place or region words. */
export function isAddressVocabularyWord(word: string): boolean {
  return LEXICON.has(word);
}
const STREET_WORD_SET = new Set(STREET_WORDS);

/** Whether a line names a street, building or estate ("JALAN ANGSA", "Main Street", "Plaza Batai"), as printed. */
export function hasStreetWord(text: string): boolean {
  return text.toUpperCase().split(/[^\p{L}]+/u).some((w) => STREET_WORD_SET.has(w) || w === "JLN" || w === "TMN" || w === "LRG");
}

/** A line naming only states, towns and countries ("SELANGOR DARUL EHSAN.", "Kuala Lumpur, Malaysia"). */
export function isRegionLine(text: string): boolean {
  const words = text.toUpperCase().split(/[\s,.]+/).filter((w) => w !== "");
  return words.length > 0 && words.every((w) => REGION_WORDS.has(w));
}

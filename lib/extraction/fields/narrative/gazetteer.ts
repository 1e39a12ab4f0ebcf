/**
 * Places a clause can name as a whole: the states of the USA, the provinces and territories of Canada, the states
 * and territories of Australia, the countries of the UK, and the world's countries (English short names). A "place"
 * value must be one of these, so a clause fragment ("OF SUCH A COURT") is never one.
 */
const US_STATES = [
  "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "District of Columbia",
  "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
  "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada",
  "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon",
  "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia",
  "Washington", "West Virginia", "Wisconsin", "Wyoming", "Puerto Rico",
];

const OTHER_REGIONS = [
  "Ontario", "Quebec", "British Columbia", "Alberta", "Manitoba", "Saskatchewan", "Nova Scotia", "New Brunswick",
  "Newfoundland and Labrador", "Prince Edward Island", "New South Wales", "Queensland", "Western Australia",
  "South Australia", "Tasmania", "England and Wales", "England", "Wales", "Scotland", "Northern Ireland", "Hong Kong",
  "Bavaria", "Bermuda", "Cayman Islands", "British Virgin Islands", "Guernsey", "Isle of Man",
];

const COUNTRIES = [
  "Afghanistan", "Albania", "Algeria", "Andorra", "Angola", "Argentina", "Armenia", "Australia", "Austria", "Azerbaijan",
  "Bahamas", "Bahrain", "Bangladesh", "Barbados", "Belarus", "Belgium", "Belize", "Benin", "Bhutan", "Bolivia",
  "Bosnia and Herzegovina", "Botswana", "Brazil", "Brunei", "Bulgaria", "Cambodia", "Cameroon", "Canada", "Chile",
  "China", "Colombia", "Costa Rica", "Croatia", "Cuba", "Cyprus", "Czech Republic", "Czechia", "Denmark",
  "Dominican Republic", "Ecuador", "Egypt", "El Salvador", "Estonia", "Ethiopia", "Fiji", "Finland", "France", "Germany",
  "Ghana", "Greece", "Guatemala", "Honduras", "Hungary", "Iceland", "India", "Indonesia", "Iran", "Iraq", "Ireland",
  "Israel", "Italy", "Jamaica", "Japan", "Jordan", "Kazakhstan", "Kenya", "Korea", "South Korea", "Kuwait", "Latvia",
  "Lebanon", "Liechtenstein", "Lithuania", "Luxembourg", "Malaysia", "Malta", "Mauritius", "Mexico", "Moldova", "Monaco",
  "Mongolia", "Montenegro", "Morocco", "Netherlands", "The Netherlands", "New Zealand", "Nicaragua", "Nigeria",
  "North Macedonia", "Norway", "Oman", "Pakistan", "Panama", "Paraguay", "Peru", "Philippines", "Poland", "Portugal",
  "Qatar", "Romania", "Russia", "Russian Federation", "Saudi Arabia", "Serbia", "Singapore", "Slovakia", "Slovenia",
  "South Africa", "Spain", "Sri Lanka", "Sweden", "Switzerland", "Taiwan", "Thailand", "Tunisia", "Turkey", "Ukraine",
  "United Arab Emirates", "United Kingdom", "United States", "United States of America", "Uruguay", "Venezuela",
  "Vietnam", "Zambia", "Zimbabwe",
];

export type Place = { name: string; index: number; length: number };

const CANADA = ["Ontario", "Quebec", "British Columbia", "Alberta", "Manitoba", "Saskatchewan", "Nova Scotia", "New Brunswick", "Newfoundland and Labrador", "Prince Edward Island"];
const AUSTRALIA = ["New South Wales", "Queensland", "Western Australia", "South Australia", "Tasmania"];
const UK = ["England and Wales", "England", "Wales", "Scotland", "Northern Ireland"];
const within = (regions: string[], countries: string[]): Array<[string, string[]]> => regions.map((r) => [r, countries]);
const COUNTRY_OF = new Map<string, string[]>([
  ...within(US_STATES, ["United States", "United States of America"]),
  ...within(CANADA, ["Canada"]),
  ...within(AUSTRALIA, ["Australia"]),
  ...within(UK, ["United Kingdom"]),
]);

/** Whether `country` is the country `place` lies in ("United States" of "Delaware"). */
export function isCountryOf(country: string, place: string): boolean {
  return COUNTRY_OF.get(place)?.includes(country) ?? false;
}

const ALL = [...US_STATES, ...OTHER_REGIONS, ...COUNTRIES].sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
// Longest names first, so "West Virginia" wins over "Virginia" and "New York" is not read as "York".
const PLACE_PATTERN = new RegExp(`\\b(?:${ALL.map(escape).join("|")})\\b`, "gi");
const CANONICAL = new Map(ALL.map((name) => [name.toLowerCase(), name] as const));

/** Every gazetteer place in a text, with its canonical spelling. Case-insensitive: legal text is often in capitals. */
export function findPlaces(text: string): Place[] {
  const out: Place[] = [];
  for (const m of text.matchAll(PLACE_PATTERN)) {
    const name = CANONICAL.get(m[0].replace(/\s+/g, " ").toLowerCase());
    if (name) out.push({ name, index: m.index, length: m[0].length });
  }
  return out;
}

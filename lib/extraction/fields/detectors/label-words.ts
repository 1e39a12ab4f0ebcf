/**
 * The words of a label in a common form, whatever language the document prints it in: "Puesto de trabajo" is
 * {position, job}, "Lugar de prácticas" {location, internship}, "Fecha de cierre" {date, closing}. A field defined in
 * English then finds its label on a Spanish, French, German, Italian, Portuguese or Dutch page. General form and
 * report words only, nothing tied to one kind of document.
 */
import { stem } from "../generic/field-intent";

/** Each English word and what the other languages print for it (accents folded, lower case). */
const TRANSLATIONS: Record<string, string[]> = {
  date: ["fecha", "datum", "dato"],
  name: ["nombre", "nom", "nome", "naam", "apellido", "apellidos", "prenom", "cognome"],
  number: ["numero", "nummer", "num", "nro", "nr", "n°", "no"],
  title: ["titulo", "titre", "titel", "titolo"],
  position: ["puesto", "poste", "cargo", "stelle", "posizione", "funcion", "fonction", "functie"],
  job: ["trabajo", "empleo", "emploi", "arbeit", "lavoro", "vacante", "oferta", "offre", "baan", "vacature"],
  company: ["empresa", "societe", "entreprise", "unternehmen", "firma", "azienda", "societa", "bedrijf", "compania"],
  location: ["lugar", "ubicacion", "localidad", "lieu", "ort", "standort", "luogo", "sede", "localizacao", "locatie", "plaats"],
  city: ["ciudad", "ville", "stadt", "citta", "cidade", "stad"],
  street: ["calle", "rue", "rua", "straat"],
  birth: ["nacimiento", "naissance", "geburt", "nascita", "nascimento", "geboorte"],
  nationality: ["nacionalidad", "nationalite", "nazionalita", "nacionalidade", "nationaliteit"],
  address: ["direccion", "adresse", "indirizzo", "endereco", "adres", "domicilio"],
  phone: ["telefono", "telephone", "telefon", "telefoon", "movil", "portable", "handy"],
  email: ["correo", "courriel"],
  age: ["edad", "age", "alter", "eta", "idade", "leeftijd"],
  closing: ["cierre", "cloture", "vencimiento", "echeance", "scadenza", "frist"],
  deadline: ["limite", "plazo"],
  start: ["inicio", "debut", "beginn", "inizio", "begin", "comienzo"],
  end: ["fin", "fim", "ende", "einde", "termino"],
  amount: ["importe", "monto", "montant", "betrag", "importo", "valor", "bedrag"],
  total: ["totale", "gesamt", "totaal"],
  account: ["cuenta", "compte", "konto", "conto", "conta", "rekening"],
  period: ["periodo", "periode", "zeitraum"],
  type: ["tipo", "typ", "soort"],
  agency: ["agencia", "agence", "behorde", "agenzia"],
  reference: ["referencia", "reference", "referenz", "riferimento", "referentie"],
  meeting: ["reunion", "seance", "sitzung", "riunione", "sessao", "vergadering", "sesion"],
  time: ["hora", "heure", "uhrzeit", "ora", "tijd"],
  internship: ["practicas", "praktikum", "tirocinio", "estagio"],
};

/** Compound words that print a phrase in one word ("Geburtsdatum" is "date of birth"), and the phrase's words. */
const COMPOUNDS: Record<string, string> = {
  vorname: "first name",
  nachname: "last name",
  familienname: "last name",
  geburtsdatum: "date birth",
  geburtsort: "place birth",
  staatsangehorigkeit: "nationality",
  hausnummer: "house number",
  postleitzahl: "postal code",
  plz: "postal code",
  wohnort: "city",
  strasse: "street",
  kontoinhaber: "account holder",
};

const CANONICAL = new Map<string, string>();
for (const [english, words] of Object.entries(TRANSLATIONS)) for (const word of words) if (!CANONICAL.has(word)) CANONICAL.set(word, english);
/** Words that carry no meaning of their own in a label, in these languages. */
const FUNCTION_WORDS = new Set("a an the of and or to in on at by for with from as is de del la el los las le les du des et y en da do das dos der die das den und von zu im il lo di della e van het een voor op".split(" "));

/** A label's meaningful words, translated to English where known, stemmed; a run of Chinese characters is one word. */
export function labelWordSet(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .split(/[^\p{L}#°]+/u)
    .filter((w) => (w.length > 1 || /[\p{Script=Han}#]/u.test(w)) && !FUNCTION_WORDS.has(w))
    .flatMap((w) => COMPOUNDS[w]?.split(" ") ?? [w])
    .map((w) => {
      const english = CANONICAL.get(w) ?? (w === "#" ? "number" : w);
      return stem(english) || english;
    });
}

/** Whether a label prints a word of another language that labelWordSet translates ("Geburtsdatum", "Fecha"). */
export function printsForeignWord(text: string): boolean {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .split(/[^\p{L}]+/u)
    .some((w) => w.length > 1 && (COMPOUNDS[w] !== undefined || (CANONICAL.has(w) && CANONICAL.get(w) !== w)));
}

/** Public types of the extraction engine. Everything here is plain data so it can cross a worker-thread boundary. */

/** A rectangle in page-relative coordinates: fractions 0–1 of the page, origin top-left. */
export type Box = { x: number; y: number; w: number; h: number };

/** A box anchored to a page (1-based page number). */
export type SourceBox = Box & { page: number };

/**
 * A word as read. `confidence` is the reader's (1 on a text layer); `least`, when the OCR engine says it, is the
 * lowest probability it gave any one of the word's characters: one doubtful letter in a word read surely otherwise.
 */
export type Word = { text: string; box: Box; confidence: number; least?: number };

export type Line = { text: string; box: Box; words: Word[] };

export type Block = { box: Box; lines: Line[] };

/** Drawn table rules of a page (page fractions, origin top-left); read only for advanced table extraction. */
export type Rulings = {
  vertical: Array<{ x: number; y1: number; y2: number }>;
  horizontal: Array<{ y: number; x1: number; x2: number }>;
};

/** Clockwise quarter turns, in degrees. */
export type PageRotation = 0 | 90 | 180 | 270;

/** A filled field of a fillable PDF form (AcroForm widget), read from the file's form data, not from its text. */
export type FormField = {
  /** The field's full name in the form ("applicant.name", "Text1"). */
  name: string;
  /** Its tooltip (/TU), or the printed text left of or above it. */
  label?: string;
  kind: "text" | "checkbox" | "radio" | "choice";
  /** Text as filled in; for check boxes whether it is ticked; radio and choice fields their selected option. */
  value: string | boolean;
  box: Box;
};

export type Page = {
  /** 1-based page number. */
  number: number;
  /** Page size in points (PDF) or pixels (images). */
  width: number;
  height: number;
  /** Where the words came from: the PDF text layer, OCR, both (accurate mode), or a structured/plain-text loader. */
  source: "text-layer" | "ocr" | "mixed" | "text";
  /** OCR of a page image on its own: the clockwise turn applied to the image before it was read, so a page scanned
   * a quarter turn clockwise has 270. Boxes and size are those of the turned (upright) page. */
  rotation?: PageRotation;
  blocks: Block[];
  rulings?: Rulings;
  /** Fillable form fields of the page with a value (PDF AcroForm), when it has any. */
  formFields?: FormField[];
};

export type PageModel = { pages: Page[]; title?: string };

export type FieldType =
  | "text"
  | "number"
  | "date"
  | "currency"
  | "boolean"
  | "email"
  | "phone"
  | "url"
  | "address"
  | "select"
  | "table";

export type FieldDefinition = {
  name: string;
  type: FieldType;
  description?: string;
  instructions?: string;
  required?: boolean;
  options?: string[];
  /** Column definitions of a `table` field. */
  columns?: FieldDefinition[];
};

export type DataExtractionMode = "fast" | "balanced" | "accurate";

/** The parser's `emailParsing` setting (see the API spec). */
export type EmailParsingSettings = {
  parseEmailBody?: boolean;
  mergeEmailAttachments?: boolean;
  includeEmailSubjectBody?: boolean;
  attachmentFileTypes?: string[];
  senderFilter?: { mode: string; rules: Array<{ type: "email" | "domain"; value: string }> };
};

export type ExtractionSettings = {
  /** Selects pages before extraction (see parse-pages.ts), e.g. "1-3", "2n+1", "odd", "last". */
  parsePages?: string;
  /** fast: text layer only (images still need OCR). balanced: OCR pages without a usable text layer.
   * accurate: OCR every page as well and merge text found only in images into the text layer. */
  dataExtractionMode?: DataExtractionMode;
  advancedTableExtraction?: boolean;
  markdownParsing?: boolean;
  emailParsing?: EmailParsingSettings;
  /** Per-document limit; the worker pool enforces it by terminating the thread. */
  timeoutMs?: number;
};

/** An OpenAI-compatible chat-completions endpoint (`LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`, `LLM_TIMEOUT_MS`). */
export type LlmOptions = { baseUrl: string; apiKey?: string; model?: string; timeoutMs?: number };

export type ExtractionInput = {
  bytes: Uint8Array;
  mimeType: string;
  fileName?: string;
  fields: FieldDefinition[];
  settings?: ExtractionSettings;
  /** Also render the first page as an image (`result.preview`); off by default, the pipeline asks for it. */
  preview?: boolean;
  /**
   * Read a Factur-X / ZUGFeRD / XRechnung XML (in the PDF, or uploaded) as the data; on unless told. The server's
   * `EINVOICE_XML` setting, passed in by the worker (`serverExtractionSettings`): the engine reads no environment.
   */
  einvoiceXml?: boolean;
  /** The optional language-model pass (the server's `LLM_*` settings); absent or null: offline only. */
  llm?: LlmOptions | null;
};

export type Scalar = string | number | boolean | null;

export type TableRow = Record<string, Scalar>;

export type FieldValue = Scalar | TableRow[];

/**
 * What the engine knew about a value when it chose it: the features its confidence is calibrated from
 * (`confidence/`). Every property but `strategy` is optional, so a module only fills what it knows.
 */
export type ValueEvidence = {
  /** The mechanism that produced the value: "label", "layout", "fallback", "arithmetic", "derived",
   * "table-header", "table-headerless", "e-invoice", or another module's own name. */
  strategy: string;
  /** The strategy's own score (0–1) before calibration; the metadata's confidence when absent. */
  score?: number;
  /** Value kind the type check used ("amount", "date", "name", … ; "cell-number", "cell-text" in tables). */
  kind?: string;
  /** Lowest OCR confidence of the words the value was read from; null on a text layer. */
  ocr?: number | null;
  /** An OCR'd name or address: read cleanly, or in doubt (a letter the recogniser doubted, a mark run into the next
   * word, small letters; `confidence/reading-doubt.ts`). */
  reading?: "clean" | "doubtful";
  /** The value is a well-formed instance of its type (decimals on money, a full date, a plausible name …). */
  typeOk?: boolean;
  /** Arithmetic check: 1 confirmed (net + tax = total, quantity × price = amount), 0 none, -1 contradicted. */
  arithmetic?: -1 | 0 | 1;
  /** Other places or strategies that read the same value (0 = none). */
  agreement?: number;
  /** Another candidate with a different value scored nearly as well. */
  rival?: boolean;
  /** How strongly the label or sentence cue matched (0–1), on the paths for fields the vocabulary does not know
   * ("narrative", "form-label", "acroform", "checkbox"). */
  match?: number;
  /** A table's text cell spanning more lines than its row's numbers: where a wrapped description ends (and whether
   * the lines under it belong to it) is the reader's guess. */
  wrapped?: boolean;
  /** A table's line amounts summed against the subtotal or total the document reads: 1 equal, -1 the document reads
   * one and the sum is none of them, 0 no such amount or a row without its amount. */
  tableSum?: -1 | 0 | 1;
  /** The row carries the typed cells the table's other rows do (an amount in the amount column). */
  rowComplete?: boolean;
};

export type ValueMetadata = {
  /** The estimated probability that the value is right (calibrated on the dev sets; see `confidence/`). */
  confidence: number;
  source: SourceBox | null;
  /** The text the value was read from, before normalisation. */
  raw?: string;
  evidence?: ValueEvidence;
};

export type TableMetadata = {
  confidence: number;
  source: SourceBox | null;
  rows: Array<Record<string, ValueMetadata>>;
};

export type FieldMetadata = ValueMetadata | TableMetadata;

export type ExtractionResult = {
  pages: PageModel;
  data: Record<string, FieldValue>;
  fieldMetadata: Record<string, FieldMetadata>;
  markdown: string | null;
  stats: { pageCount: number; ocrPages: number; ms: number };
  /** The first page as an image, when asked for and the document is a PDF or an image that could be drawn. */
  preview?: DocumentPreview | null;
};

/** Page 1 drawn small for the document's `thumbnail` and the workspace's first paint (preview/render-preview.ts). */
export type DocumentPreview = { bytes: Uint8Array; contentType: "image/webp"; width: number; height: number };

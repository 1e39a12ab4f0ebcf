/**
 * Fillable PDF forms: the values of AcroForm fields, read from the widget annotations pdfjs parses (a filled value
 * lives in the form data and its appearance stream, never in the page's text layer). Only fields with a value are
 * kept; check boxes are kept ticked or not, since "not ticked" is an answer too.
 */
import type { PDFPageProxy, PageViewport } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Box, FormField } from "../../types";

/** pdfjs's AnnotationType.WIDGET. */
const WIDGET = 20;

type Widget = {
  annotationType?: number;
  fieldName?: string;
  fieldType?: string;
  fieldValue?: unknown;
  alternativeText?: string;
  checkBox?: boolean;
  radioButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
  rect?: number[];
};

function toBox(rect: number[] | undefined, viewport: PageViewport): Box {
  if (!rect || rect.length < 4) return { x: 0, y: 0, w: 0, h: 0 };
  const [x1, y1] = viewport.convertToViewportPoint(rect[0]!, rect[1]!) as [number, number];
  const [x2, y2] = viewport.convertToViewportPoint(rect[2]!, rect[3]!) as [number, number];
  const left = Math.min(x1, x2);
  const top = Math.min(y1, y2);
  return { x: left / viewport.width, y: top / viewport.height, w: Math.abs(x2 - x1) / viewport.width, h: Math.abs(y2 - y1) / viewport.height };
}

function widgetField(w: Widget, viewport: PageViewport): FormField | null {
  if (w.annotationType !== WIDGET || !w.fieldName) return null;
  const base = { name: w.fieldName, box: toBox(w.rect, viewport), ...(w.alternativeText ? { label: w.alternativeText } : {}) };
  if (w.fieldType === "Btn" && w.checkBox) {
    const on = typeof w.fieldValue === "string" && w.fieldValue !== "Off" && (!w.exportValue || w.fieldValue === w.exportValue);
    return { ...base, kind: "checkbox", value: on };
  }
  if (w.fieldType === "Btn" && w.radioButton) {
    // Every option of a radio group is a widget; the one whose own value is the group's value is the choice.
    if (typeof w.fieldValue !== "string" || w.fieldValue === "Off" || w.buttonValue !== w.fieldValue) return null;
    return { ...base, kind: "radio", value: w.fieldValue };
  }
  if (w.fieldType === "Ch") {
    const value = Array.isArray(w.fieldValue) ? w.fieldValue.filter((v): v is string => typeof v === "string").join(", ") : w.fieldValue;
    return typeof value === "string" && value !== "" ? { ...base, kind: "choice", value } : null;
  }
  if (w.fieldType === "Tx" && typeof w.fieldValue === "string" && w.fieldValue !== "") return { ...base, kind: "text", value: w.fieldValue };
  return null;
}

export async function readFormFields(page: PDFPageProxy, viewport: PageViewport): Promise<FormField[]> {
  const annotations = (await page.getAnnotations({ intent: "display" })) as Widget[];
  const out: FormField[] = [];
  for (const annotation of annotations) {
    const field = widgetField(annotation, viewport);
    // A text field shown in several places (widgets sharing one name) is one answer.
    if (field && !out.some((f) => f.name === field.name && f.kind === field.kind)) out.push(field);
  }
  return out;
}

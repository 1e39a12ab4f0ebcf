import type { Box, FieldMetadata, PageModel, PageRotation, SourceBox, ValueMetadata } from "./types";

/**
 * A box on a page that OCR read after turning it upright, drawn back onto the page as it was scanned: the console
 * overlays sources on the stored file and its preview, which keep the scanned orientation. `rotation` is the
 * clockwise turn that was applied to make the page upright.
 */
export function boxInScannedFrame(box: Box, rotation: PageRotation): Box {
  switch (rotation) {
    case 90:
      return { x: box.y, y: 1 - box.x - box.w, w: box.h, h: box.w };
    case 180:
      return { x: 1 - box.x - box.w, y: 1 - box.y - box.h, w: box.w, h: box.h };
    case 270:
      return { x: 1 - box.y - box.h, y: box.x, w: box.h, h: box.w };
    default:
      return box;
  }
}

function mapSource(source: SourceBox | null, rotations: Map<number, PageRotation>): SourceBox | null {
  if (!source) return null;
  const rotation = rotations.get(source.page);
  return rotation ? { page: source.page, ...boxInScannedFrame(source, rotation) } : source;
}

function mapValue(meta: ValueMetadata, rotations: Map<number, PageRotation>): ValueMetadata {
  return { ...meta, source: mapSource(meta.source, rotations) };
}

/** Field and cell sources of turned pages in the scanned frame; the page model itself stays upright. */
export function sourcesInScannedFrame(metadata: Record<string, FieldMetadata>, model: PageModel): Record<string, FieldMetadata> {
  const rotations = new Map<number, PageRotation>();
  for (const page of model.pages) if (page.rotation) rotations.set(page.number, page.rotation);
  if (rotations.size === 0) return metadata;
  const out: Record<string, FieldMetadata> = {};
  for (const [name, meta] of Object.entries(metadata)) {
    out[name] =
      "rows" in meta
        ? { ...mapValue(meta, rotations), rows: meta.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, mapValue(v, rotations)]))) }
        : mapValue(meta, rotations);
  }
  return out;
}

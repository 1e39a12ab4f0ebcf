/**
 * One synthetic document from (seed, set, index): its layout (shared by every document of that layout index), its
 * content, the rendered PDF and the ground truth. Pure function of its arguments: nothing else is read.
 */
import { invoiceContent, receiptContent } from "./content";
import type { GroundTruth, PrintedValue } from "./ground-truth";
import { sampleHeaderNoise, withNameShapes } from "./header-noise";
import { sampleLayout, withTableShapes, type Layout } from "./layout";
import { renderInvoice } from "./render-invoice";
import { renderReceipt } from "./render-receipt";
import { Rng } from "./rng";

/** Bumped whenever a change alters what a seed produces, and written into every GT, so a model card can say which. */
export const GENERATOR_VERSION = 1;

/**
 * `distractors`: the share of invoice layouts with header noise (header-noise.ts); 0 or absent writes none.
 * `tableShapes`: invoices also print the line-item shapes of `TableShapes` (off: a seed writes what it always wrote).
 * `nameShapes`: header noise also draws a brand line over the seller's name and a buyer's block with no heading
 * (header-noise.ts withNameShapes; off: a seed writes what it always wrote).
 */
export type GenerateOptions = { seed: string; layouts: number; receiptShare: number; distractors?: number; tableShapes?: boolean; nameShapes?: boolean };

export type SyntheticDocument = {
  layout: Layout;
  layoutIndex: number;
  splitGroup: string;
  bytes: Uint8Array;
  gt: GroundTruth;
  printed: PrintedValue[];
  pages: number;
  /** Strings that collide or leave the page (a layout defect; the tests expect none). */
  layoutIssues: string[];
};

const layoutCache = new Map<string, Layout>();

export function layoutId(seed: string, index: number): string {
  return `synth-${seed}-L${String(index).padStart(4, "0")}`;
}

/** The layout of index `index` under `seed` (sampled once per process, then reused). */
export function layoutFor(options: GenerateOptions, index: number): Layout {
  const id = layoutId(options.seed, index);
  const distractors = options.distractors ?? 0;
  const key = `${id}/${options.receiptShare}/${distractors}/${options.tableShapes === true}/${options.nameShapes === true}`;
  let layout = layoutCache.get(key);
  if (!layout) {
    const rng = new Rng(`quarry-synth/v${GENERATOR_VERSION}/${options.seed}/layout/${index}`);
    layout = sampleLayout(rng, id, options.receiptShare);
    if (options.tableShapes && layout.kind === "invoice") layout = withTableShapes(rng.fork("table-shapes"), layout);
    // A stream of its own: asking for header noise leaves every other choice of the layout as it was.
    const noise = new Rng(`quarry-synth/v${GENERATOR_VERSION}/${options.seed}/header-noise/${index}`);
    if (layout.kind === "invoice" && distractors > 0 && noise.chance(distractors)) {
      const drawn = sampleHeaderNoise(noise.fork("kinds"), layout.lang);
      layout = { ...layout, headerNoise: options.nameShapes ? withNameShapes(noise.fork("names"), drawn) : drawn };
    }
    layoutCache.set(key, layout);
  }
  return layout;
}

/**
 * Document `index` of set `set`. `singlePage` (for images) caps the number of lines so the document fits one page,
 * as a scan or a photo shows one page.
 */
export async function generateDocument(options: GenerateOptions, set: string, index: number, singlePage = false): Promise<SyntheticDocument> {
  const layoutIndex = index % options.layouts;
  const layout = layoutFor(options, layoutIndex);
  const rng = new Rng(`quarry-synth/v${GENERATOR_VERSION}/${options.seed}/${set}/${index}`);
  const base = { layout, layoutIndex, splitGroup: layout.id };
  if (layout.kind === "receipt") {
    const items = singlePage ? { min: layout.items.min, max: Math.min(layout.items.max, 12) } : layout.items;
    const content = receiptContent(rng.fork("content"), { lang: layout.lang, country: layout.country, shop: layout.shop, items });
    return { ...base, ...(await renderReceipt(layout, content)) };
  }
  const c = layout.content;
  for (const maxItems of singlePage ? [Math.min(c.items.max, 8), 4, 2] : [c.items.max]) {
    const contentRng = rng.fork(`content-${maxItems}`);
    const content = invoiceContent(contentRng, {
      lang: layout.lang,
      country: layout.country,
      customerCountry: layout.customerCountry,
      vendor: layout.vendor,
      numberPattern: c.numberPattern,
      poPattern: c.poPattern,
      codePattern: c.codePattern,
      taxRates: c.taxRates,
      discount: contentRng.chance(c.discount),
      lineDiscounts: c.lineDiscounts,
      shipping: contentRng.chance(c.shipping),
      prepaid: contentRng.chance(c.prepaid),
      sections: c.sections,
      hoursShare: c.hoursShare,
      longDescriptions: c.longDescriptions,
      items: { min: Math.min(c.items.min, maxItems), max: maxItems },
      ...(layout.table.shapes?.bundles ? { bundles: layout.table.shapes.bundles } : {}),
    });
    const rendered = await renderInvoice(layout, content);
    if (!singlePage || rendered.pages === 1 || maxItems === 2) return { ...base, ...rendered };
  }
  throw new Error("unreachable: the last attempt always returns");
}

/**
 * Fits the confidence calibration (lib/extraction/confidence/model.json) on the training corpus, the rules alone.
 *
 *   npm run calibrate -- [--data <folder>]… [--synth <folder>]… [--cache <dir>] [--cached-only] [--held-out <dir>]…
 *     [--loso] [--folds] [--groups] [--save-samples <file>] [--from-samples <file>] [--lambda <n>] [--synthetic-share <x>]
 *     [--per-unit <n>] [--synthetic-unit layout|set] [--support-prior <n>] [--count-unchecked-cells] [--no-unseen-cap] [--dry-run]
 *     [--no-shift] [--shift-prior <n>] [--icc <r>] [--shift-form platt|isotonic]
 *
 * Extracts every document of the training folders (`--data`, default TRAIN_DATA, else ../train-data/receipts-sroie,
 * einvoices and contracts-nda; `--synth`, the synthetic generator's folders, default TRAIN_SYNTH) from its cached page
 * model (`--cache`, as `npm run train`: TRAIN_CACHE, else .cache/train-readings; read and cached when missing unless
 * `--cached-only`) with the rules alone — no learned scorer, no value calibrator: the scorer's values carry their own
 * probability, fitted on its out-of-fold predictions — scores every value against the ground truth, and fits a
 * regularised logistic regression from each value's evidence (strategy, score, OCR confidence, type and arithmetic
 * checks, agreement) to "right or wrong", with a ceiling per group of values and a share right per group of OCR'd
 * names and addresses, then a source-shift map (confidence/shift.ts) fitted on each training source's values as a fit
 * without that source judges them. No rule was written looking at these documents' errors (bar the misread shapes, written from
 * SROIE's training receipts), so the fit learns how often the engine is right on senders it was not built on.
 *
 * The dev sets are never fitted on: `--held-out <dir>` (default ../shared/datasets/{dev,invoices-dev,receipts-dev,
 * contracts-dev}) sets are reported with the new fit and the committed one. A set named contracts-… is read with the
 * contract parser; a set whose ground truth carries `field_specs` (documents of other kinds) with each document's specs.
 * `--loso` fits once more without each real training source in turn and reports that source's own documents and the
 * dev documents of the same source: the honest figure for a source the fit never saw; `--folds` judges each real
 * source's values by fits without their sender group (5 folds by split_group, as the scorer's). `--groups` prints, per group of
 * values, how far the fit's confidence is from the share right. `--save-samples` keeps the scored values so
 * `--from-samples` (files joined by ",") can refit in seconds after changing only the model.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractFromPageModel } from "../lib/extraction/extract-document";
import { BASE_FEATURES, featureVector } from "../lib/extraction/confidence/features";
import { fitLogistic } from "../lib/extraction/confidence/logistic";
import { CALIBRATION, fittedConfidence, judgedByFit, type CalibrationModel } from "../lib/extraction/confidence/model";
import { fitIsotonicShift, fitShift, type ShiftPoint } from "../lib/extraction/confidence/shift";
import { fitReadingRates } from "../lib/extraction/confidence/reading-doubt";
import { checkVouches, fitSupportCaps, SUPPORT_PER_UNIT, SUPPORT_PRIOR, SUPPORT_Z, supportGroup, weightedShareRight } from "../lib/extraction/confidence/support";
import { terminateOcr } from "../lib/extraction/loaders/ocr/ocr";
import { withScorer } from "../lib/extraction/scorer";
import { withCalibrator } from "../lib/extraction/scorer/calibrator";
import { FIELDS, readGt, readManifest, type Gt } from "./bench/dataset";
import { judgeBySpecs, type SpecGt } from "./bench/kinds-scoring";
import { equal } from "./bench/score";
import { valueOutcomes } from "./bench/value-outcomes";
import { contractOutcomes } from "./bench/contract-outcomes";
import { CONTRACT_FIELDS } from "./bench/contracts-scoring";
import { CALIBRATOR_SOURCES } from "./train/calibrator-loso";
import { groupReport, isDevOf, report, senderFolds, type Sample } from "./train/confidence-report";
import { FOLDS, foldOf } from "./train/fit";
import { readCached } from "./train/corpus";
import { option, trainingFolders } from "./train/folders";

const MODEL_PATH = path.join(__dirname, "../lib/extraction/confidence/model.json");
/** Strategies the engine's own extractors name; others (added later) get the model's conservative default. */
const STRATEGIES = [
  "label",
  "layout",
  "fallback",
  "arithmetic",
  "derived",
  "table-header",
  "table-headerless",
  "table-arithmetic",
  "narrative",
  "form-label",
  "acroform",
  "checkbox",
  // The typed detectors of fields no invoice vocabulary knows (e-mail, phone, names, identifiers…).
  "detector-label",
  "detector-unique",
  "detector-layout",
];
/** Below this many values in half A a strategy's own weight is mostly the regularisation's (reported as such). */
const FEW_SAMPLES = 15;
const UNKNOWN_STRATEGY_CAP = 0.7;

/** A set's name in the samples: its folder's, or a synthetic generator's split ("synth-pdf", "kinds-synthetic"). */
function setName(dir: string): string {
  const split = readManifest(dir).split ?? "";
  return isSynthetic(split) ? split : path.basename(dir);
}

const isSynthetic = (dataset: string) => dataset.includes("synth");

/**
 * How much the synthetic documents weigh in the fit, together, against the real training documents' values
 * (`--synthetic-share`): they are many (a thousand invoices' table cells) and far easier than real ones (a text
 * layer, layouts the generator draws, 99 % of their values right), so counted one for one they make the fit too sure
 * of every text-layer value (invoices of other layouts: 80 % of values at ≥ 0.9, 90 % of those right). Counted as a
 * tenth of the real values they still teach what sixteen real e-invoices cannot (how often a labelled IBAN, a table
 * cell, a detector's e-mail address is right) without swamping how real documents fail. Chosen by leaving each real
 * training source out (`--loso`, on that source's own documents; mean ECE 0.087 with no synthetic weight, 0.062 at a
 * tenth, 0.076 a quarter, 0.080 a half, 0.087 one for one), never on a dev set.
 */
const SYNTHETIC_SHARE = 0.1;

/** Each fitted value's weight: 1 for a real document's, the synthetic share spread over the synthetic values. */
function weightsOf(train: Sample[], share: number): number[] {
  const synthetic = train.filter((s) => isSynthetic(s.dataset)).length;
  const real = train.length - synthetic;
  const each = synthetic === 0 || real === 0 ? 1 : (share * real) / synthetic;
  return train.map((s) => (isSynthetic(s.dataset) ? each : 1));
}

/** Every value the rules give on every document of the sets, judged against the ground truth. */
async function collect(dirs: string[], fitted: Set<string>, cache: string, cachedOnly: boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const dir of dirs) {
    const manifest = readManifest(dir);
    const dataset = setName(dir);
    let done = 0;
    let skipped = 0;
    for (const entry of manifest.documents) {
      try {
        const contracts = (manifest.split ?? "").startsWith("contracts-");
        const gt: Gt & SpecGt = readGt(dir, entry);
        // A set of other kinds brings each document's own field specs (what a user defines), judged by their types.
        const specs = gt.field_specs ?? null;
        const fields = specs ?? (contracts ? CONTRACT_FIELDS : FIELDS);
        const sameValue = judgeBySpecs(specs, equal);
        const page = await readCached({ file: path.join(dir, entry.document), gt: { fields: {} }, source: "", group: "" }, cache, cachedOnly);
        if (!page) {
          skipped += 1;
          continue;
        }
        // The rules alone: the scorer's values keep their own out-of-fold probability and are never refitted here.
        const result = withScorer(null, () => withCalibrator(null, () => extractFromPageModel(page, fields, { markdownParsing: false })));
        const judged = contracts ? contractOutcomes(gt, result) : valueOutcomes(gt, result, sameValue);
        for (const o of judged) samples.push({ ...o, dataset, document: entry.id, group: entry.split_group ?? entry.id, fitted: fitted.has(dir), ...(specs ? { specSet: true } : {}) });
      } catch (error) {
        console.log(`! ${entry.id}: ${(error as Error).message}`);
      }
      done += 1;
      if (done % 100 === 0) console.log(`  ${dataset}: ${done}/${manifest.documents.length}`);
    }
    if (skipped > 0) console.log(`  ${dataset}: ${skipped} documents not read yet, skipped (--cached-only)`);
  }
  return samples;
}

/**
 * Evidence against a value (a rival nearly as good, a failed sum or type check, a weak OCR reading or label match)
 * never raises its confidence: a fit that gives such a feature a positive weight (half A may hold too few wrong
 * values with it to show its effect: 28 of 29 values with a rival were right after the receipt-total fixes) is
 * fitted again without it, so its weight is 0 — the feature then neither helps nor hurts. Evidence for a value (its
 * sum checks out, another finder agrees) likewise never lowers it (the pooled training corpus gave the sum check
 * -0.07: its receipts' totals confirmed by cash less change were no likelier right than its others).
 */
const CONTRARY_FEATURES = ["rival", "arithmetic_bad", "type_fail", "ocr_deficit", "match_deficit"];
const CONFIRMING_FEATURES = ["arithmetic_ok", "agreement"];

function fitSigned(x: number[][], y: number[], lambda: number, sampleWeights: number[]): number[] {
  const dropped = new Set<number>();
  for (;;) {
    const columns = x.map((row) => row.map((v, j) => (dropped.has(j) ? 0 : v)));
    const weights = fitLogistic(columns, y, { lambda, weights: sampleWeights });
    const signed = (names: string[], sign: 1 | -1) => names.map((name) => BASE_FEATURES.indexOf(name)).filter((j) => j >= 0 && !dropped.has(j) && sign * weights[j]! < 0);
    const wrong = [...signed(CONTRARY_FEATURES, -1), ...signed(CONFIRMING_FEATURES, 1)];
    if (wrong.length === 0) return weights;
    for (const j of wrong) {
      console.log(`  ${BASE_FEATURES[j]} came out with weight ${weights[j]!.toFixed(3)}, against its sense: fitted again without it (weight 0)`);
      dropped.add(j);
    }
  }
}

/** How the ceilings per group are smoothed (`--per-unit`, `--support-prior`, `--synthetic-unit`: for tuning on folds;
 * defaults in support.ts and below). */
type SupportOptions = { perUnit?: number; prior?: number; syntheticUnit?: "layout" | "set"; unvouchedCellsOut?: boolean; unseenCap?: boolean; icc?: number };

/**
 * What one independent piece of evidence is in a group's ceiling: a real document's sender (its split_group); a
 * synthetic document's whole generated set ("set") or its layout ("layout"). The generator's layouts are drawn by one
 * program whose table shapes the line-item rules were checked against, so a thousand of its invoices say how the
 * engine does on that program's output, not on a sender no rule was written from. With `SUPPORT_PER_UNIT` unbounded
 * (support.ts) units do not matter; `--per-unit 3 --synthetic-unit set` was tried and dropped (see that constant).
 */
const SYNTHETIC_UNIT: "layout" | "set" = "layout";

/**
 * A line-item cell of a table reader that no check vouches for (a description; a number whose row does not multiply
 * out and whose table's amounts do not add up to the subtotal): right as often as the line-item rules know the layout.
 * Every training document with line items (the 16 e-invoices, the generator's invoices) is one those rules were
 * written from, so there nearly all such cells are right (99.6 %) while on invoices of other layouts far fewer are.
 * They count for nothing in their group's ceiling, which therefore sits at the overall share right: a cell is shown
 * settled only when a check on its own value holds, which it does on any layout. The logistic weights still see them.
 */
function onlyRulesVouch(s: Sample): boolean {
  const e = s.evidence;
  if (!e || s.scope !== "cell" || !e.strategy.startsWith("table-")) return false;
  return !checkVouches(e);
}

function unitOf(s: Sample, i: number, synthetic: "layout" | "set"): string {
  if (isSynthetic(s.dataset) && synthetic === "set") return s.dataset;
  return `${s.dataset}:${s.group ?? s.document ?? i}`;
}

/**
 * How far the source-shift map (`confidence/shift.ts`) is pulled towards the identity, in values (`--shift-prior`):
 * the left-out predictions of the training corpus' sources move it only as far as a few hundred of them agree.
 */
const SHIFT_PRIOR = 200;
/** The map's form: Platt's with a prior (default) or isotonic (`--shift-form isotonic`, measured beside it). */
let SHIFT_FORM: "platt" | "isotonic" = "platt";

/**
 * The fit with its source-shift map (`--no-shift`: none): the logistic fit and ceilings on every sample, and the map
 * fitted on what each source's values got from a fit without that source (each source — a real one, a synthetic
 * generator's set — left out in turn), so the map is the shift from "sources the fit knows" to "a source it does not"
 * as measured on the training corpus itself. Fewer than two sources: no map.
 */
function fitCalibration(train: Sample[], names: string, lambda: number, share: number, support: SupportOptions = {}, shiftPrior: number | null = SHIFT_PRIOR): CalibrationModel {
  const model = fitFixed(train, names, lambda, share, support);
  const sources = [...new Set(train.map((s) => s.dataset))];
  if (shiftPrior === null || sources.length < 2) return model;
  const weights = weightsOf(train, share);
  const points: ShiftPoint[] = [];
  for (const source of sources) {
    const without = fitFixed(train.filter((s) => s.dataset !== source), `without ${source}`, lambda, share, support);
    train.forEach((s, i) => {
      if (s.dataset !== source || !judgedByFit(s.evidence!, without)) return;
      points.push({ p: fittedConfidence(s.evidence!, s.confidence, without), correct: s.correct, weight: weights[i]! });
    });
  }
  const shift = SHIFT_FORM === "isotonic" ? fitIsotonicShift(points, shiftPrior) : fitShift(points, shiftPrior);
  return { ...model, shift: { ...shift, fittedOn: `${points.length} values, each judged by a fit without its source (${sources.join(", ")}); ${SHIFT_FORM}, prior ${shiftPrior}` } };
}

/** The logistic fit and its ceilings per group of values, on the samples given. */
function fitFixed(train: Sample[], names: string, lambda: number, share: number, support: SupportOptions = {}): CalibrationModel {
  const x = train.map((s) => featureVector(s.evidence!, s.confidence, STRATEGIES));
  const y = train.map((s) => (s.correct ? 1 : 0));
  const sampleWeights = weightsOf(train, share);
  const weights = fitSigned(x, y, lambda, sampleWeights);
  // A value's unit is its document's sender or layout group (`--per-unit`); `--count-unchecked-cells` fits the
  // ceilings as before, with every cell.
  const unvouchedOut = support.unvouchedCellsOut ?? true;
  const fitted = train.map((s, i) => ({ evidence: s.evidence!, correct: s.correct, weight: unvouchedOut && onlyRulesVouch(s) ? 0 : sampleWeights[i]!, unit: unitOf(s, i, support.syntheticUnit ?? SYNTHETIC_UNIT) }));
  const rounded = weights.map((w) => Math.round(w * 1e4) / 1e4);
  return {
    version: 1,
    fittedOn: `${names}: ${train.length} values (${y.filter(Boolean).length} right; synthetic ones weigh ${share} of the real ones together), ${new Date().toISOString().slice(0, 10)}, lambda ${lambda}${unvouchedOut ? "; line-item cells no check vouches for count for nothing in the ceilings" : ""}${(support.perUnit ?? SUPPORT_PER_UNIT) < Infinity ? `; a sender's values count for at most ${support.perUnit ?? SUPPORT_PER_UNIT} in a group's ceiling` : ""}`,
    features: BASE_FEATURES,
    strategies: STRATEGIES,
    weights: rounded,
    unknownStrategyCap: UNKNOWN_STRATEGY_CAP,
    exactStrategies: ["e-invoice"],
    supportCaps: fitSupportCaps(fitted, support),
    ...(support.unseenCap === false ? {} : { unseenGroupCap: Math.round(1000 * weightedShareRight(fitted)) / 1000 }),
    readingRates: fitReadingRates(fitted),
  };
}

/**
 * Each real training source left out in turn: fitted on everything else, reported on that source's own documents
 * and on the dev documents of the same source, beside the fit on everything. The honest figure for documents of a
 * source the fit never saw.
 */
function leaveOneSourceOut(train: Sample[], samples: Sample[], model: CalibrationModel, fit: { lambda: number; share: number; support: SupportOptions; shiftPrior: number | null }, groups: boolean): void {
  for (const source of CALIBRATOR_SOURCES) {
    const rest = train.filter((s) => s.dataset !== source.source);
    if (rest.length === train.length) continue;
    const without = fitCalibration(rest, `without ${source.source}`, fit.lambda, fit.share, fit.support, fit.shiftPrior);
    const own = samples.filter((s) => s.dataset === source.source);
    const dev = samples.filter((s) => isDevOf(s, source));
    console.log(`\n-- ${source.source} left out (fitted on ${rest.length} values of the other sources)`);
    report(`${source.source}, fitted without it`, own, without);
    if (groups) groupReport(`${source.source}, fitted without it`, own, without);
    if (dev.length === 0) continue;
    const devSets = source.dev.map((d) => d.set + (d.under ? `/${d.under}` : "")).join(" + ");
    report(`${devSets}, fitted without ${source.source}`, dev, without);
    report(`${devSets}, fitted on every source`, dev, model);
    report(`${devSets}, the committed fit`, dev, CALIBRATION);
    if (groups) {
      groupReport(`${devSets}, fitted without ${source.source}`, dev, without);
      groupReport(`${devSets}, fitted on every source`, dev, model);
    }
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // Calibrate the offline engine exactly as the benchmark measures it. A provider's values carry no evidence and are
  // not fitted; `npm run bench:extract` reports their reliability beside the offline engine's when one is configured.
  console.log(process.env.LLM_BASE_URL ? "LLM provider configured: not used here (the offline engine is fitted); npm run bench:extract reports it beside" : "LLM provider: not configured (LLM_BASE_URL unset); the offline engine is fitted");
  delete process.env.LLM_BASE_URL;
  process.env.EINVOICE_XML = "off";
  const fromSamples = option(args, "--from-samples")[0];
  const saveSamples = option(args, "--save-samples")[0];
  const lambda = Number(option(args, "--lambda")[0] ?? 1);
  const share = Number(option(args, "--synthetic-share")[0] ?? SYNTHETIC_SHARE);
  const groups = args.includes("--groups");
  if (option(args, "--shift-form")[0] === "isotonic") SHIFT_FORM = "isotonic";
  const shiftPrior = args.includes("--no-shift") ? null : Number(option(args, "--shift-prior")[0] ?? SHIFT_PRIOR);
  const support: SupportOptions = { perUnit: option(args, "--per-unit").map(Number)[0], prior: option(args, "--support-prior").map(Number)[0], syntheticUnit: option(args, "--synthetic-unit")[0] as SupportOptions["syntheticUnit"], unvouchedCellsOut: !args.includes("--count-unchecked-cells"), unseenCap: !args.includes("--no-unseen-cap"), icc: option(args, "--icc").map(Number)[0] };
  const folders = trainingFolders(args);
  const fitDirs = [...folders.data, ...folders.synth].map((d) => path.resolve(d));
  const heldOutGiven = option(args, "--held-out");
  const heldOut = (heldOutGiven.length > 0 ? heldOutGiven : ["dev", "invoices-dev", "receipts-dev", "contracts-dev"].map((d) => path.join("../shared/datasets", d))).map((d) => path.resolve(d));
  // `--from-samples a.json,b.json` joins saved sample files (e.g. the OCR'd sets kept, a text-layer set collected again).
  const samples: Sample[] = fromSamples ? fromSamples.split(",").flatMap((file) => JSON.parse(readFileSync(file, "utf8")) as Sample[]) : await collect([...fitDirs, ...heldOut], new Set(fitDirs), folders.cache, args.includes("--cached-only"));
  await terminateOcr();
  if (saveSamples) writeFileSync(saveSamples, JSON.stringify(samples));
  // A set of other kinds' table cells are not fitted: their ground truth covers a few layouts, too few to move the
  // cells of every table the engine reads.
  const train = samples.filter((s) => s.fitted && s.evidence && s.evidence.strategy !== "scorer" && !(s.scope === "cell" && s.specSet));
  if (train.length === 0) throw new Error("nothing to fit: no training document was read");
  const seen = (strategy: string) => train.filter((s) => s.evidence!.strategy === strategy).length;
  // Every strategy the engine names is fitted: one with few values gets a weight shrunk towards 0 by the
  // regularisation, one with none is read through the shared evidence features alone (no strategy term, no cap).
  for (const s of STRATEGIES) console.log(`  strategy ${s.padEnd(18)} ${String(seen(s)).padStart(5)} values fitted${seen(s) >= FEW_SAMPLES ? "" : seen(s) === 0 ? ": none, shared features only" : ": few, weight shrunk"}`);
  const sets = (fitted: boolean) => [...new Set(samples.filter((s) => s.fitted === fitted).map((s) => s.dataset))];
  const model = fitCalibration(train, `${sets(true).join(" + ")} (the rules alone)`, lambda, share, support, shiftPrior);
  console.log(`fitted on ${model.fittedOn}`);
  [...BASE_FEATURES, ...STRATEGIES.map((s) => `strategy_${s}`)].forEach((name, i) => console.log(`  ${name.padEnd(22)} ${model.weights[i]!.toFixed(3)}`));
  if (model.shift) console.log(`source-shift map: ${"a" in model.shift ? `sigmoid(${model.shift.a} · logit(p) + ${model.shift.b})` : model.shift.x.map((x, i) => `${x} → ${model.shift && "y" in model.shift ? model.shift.y[i] : ""}`).join(", ")} (${model.shift.fittedOn})`);
  console.log(`ceilings per group of values (strategy|kind|page): right when fitted, shrunk towards the overall rate by ${SUPPORT_PRIOR} values, plus ${SUPPORT_Z} standard errors:`);
  for (const [group, cap] of Object.entries(model.supportCaps ?? {})) console.log(`  ${group.padEnd(36)} ${cap.toFixed(3)} (${train.filter((s) => supportGroup(s.evidence!) === group).length} values)`);
  for (const dataset of sets(true)) report(`${dataset} (fitted on)`, samples.filter((s) => s.dataset === dataset), model);
  for (const dataset of sets(false)) {
    const held = samples.filter((s) => s.dataset === dataset);
    report(`${dataset} (held out)`, held, model);
    report(`${dataset} (held out), the committed fit`, held, CALIBRATION);
    if (groups) groupReport(`${dataset} (held out)`, held, model);
  }
  // Out of fold by sender group: the figure for new senders of the sources the fit knows.
  if (args.includes("--folds")) senderFolds(train, [...CALIBRATOR_SOURCES.map((c) => c.source), ...sets(true).filter(isSynthetic)], (rest) => fitCalibration(rest, "sender folds", lambda, share, support, shiftPrior), FOLDS, (group) => foldOf(group), groups);
  if (args.includes("--loso")) leaveOneSourceOut(train, samples, model, { lambda, share, support, shiftPrior }, groups);
  if (!args.includes("--dry-run")) {
    writeFileSync(MODEL_PATH, `${JSON.stringify(model, null, 1)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), MODEL_PATH)}`);
  }
}

void main();

/**
 * The column typer judged on a labelled folder it was not trained on (a tuning set): every labelled column of its
 * PDFs' header-led tables (column-labels.ts), the rules' typing against the model's and their combination.
 *
 *   tsx scripts/train/column-eval.ts --model <file> <folder>… [--mistakes <file>]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { bestConcept, type ColumnModel } from "../../lib/extraction/tables/column-model";
import { listCorpus } from "./corpus";
import { option } from "./folders";
import { collectColumnExamples, figures } from "./table-columns";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const model = JSON.parse(readFileSync(option(args, "--model")[0] ?? ".cache/column-model.json", "utf8")) as ColumnModel;
  const folders = args.filter((a, i) => !a.startsWith("--") && !["--model", "--mistakes"].includes(args[i - 1] ?? ""));
  const examples = await collectColumnExamples(folders.flatMap((f) => listCorpus(f)));
  const calls = examples.map((e) => bestConcept(model, e.x));
  console.log(JSON.stringify(figures(examples, calls)));
  const mistakes = option(args, "--mistakes")[0];
  if (mistakes) {
    const lines = examples.map((e, i) => ({ e, c: calls[i]! })).filter(({ e, c }) => e.rules !== e.label || c.concept !== e.label).map(({ e, c }) => `${e.group}\tlabel=${e.label}\trules=${e.rules}\tmodel=${c.concept}@${Math.round(c.p * 1000) / 1000}\theader=${e.header}\tcells=${e.cells.join(" | ")}`);
    writeFileSync(mistakes, `${lines.join("\n")}\n`);
  }
}

void main();

/**
 * Assembles the fourth "other layouts" tuning set (README.md beside this file): same format and tooling as the
 * held-out set in ../layouts and the first three tuning sets, other documents and repositories, invoices, receipts and
 * a credit note of other senders. It was added when the third tuning set, once rules had been written looking at it, no
 * longer showed what fails on layouts the rules were not written on; the held-out set stays measure-only.
 *
 *   npm run bench:layouts-tune4-data -- --mirror <mirror root> [--out tmp/bench-layouts-tune4]
 */
import path from "node:path";
import { assembleLayoutSet } from "../layouts/fetch";

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__dirname, "fetch.ts")) {
  assembleLayoutSet(__dirname, "bench:layouts-tune4-data", "tmp/bench-layouts-tune4");
}

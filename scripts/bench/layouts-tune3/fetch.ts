/**
 * Assembles the third "other layouts" tuning set (README.md beside this file): same format and tooling as the
 * held-out set in ../layouts and the first two tuning sets, other documents and repositories, invoices and receipts
 * of other senders. It was added when the second tuning set, once rules had been written looking at it, no longer
 * showed what fails on layouts the rules were not written on; the held-out set stays measure-only.
 *
 *   npm run bench:layouts-tune3-data -- --mirror <mirror root> [--out tmp/bench-layouts-tune3]
 */
import path from "node:path";
import { assembleLayoutSet } from "../layouts/fetch";

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__dirname, "fetch.ts")) {
  assembleLayoutSet(__dirname, "bench:layouts-tune3-data", "tmp/bench-layouts-tune3");
}

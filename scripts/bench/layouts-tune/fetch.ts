/**
 * Assembles the "other layouts" TUNING set (README.md beside this file): same format and tooling as the held-out
 * set in ../layouts, other documents and repositories. Rules may be written looking at this set; the held-out set
 * stays measure-only.
 *
 *   npm run bench:layouts-tune-data -- --mirror <mirror root> [--out tmp/bench-layouts-tune]
 */
import path from "node:path";
import { assembleLayoutSet } from "../layouts/fetch";

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__dirname, "fetch.ts")) {
  assembleLayoutSet(__dirname, "bench:layouts-tune-data", "tmp/bench-layouts-tune");
}

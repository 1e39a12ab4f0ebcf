/**
 * Assembles the second "other layouts" tuning set (README.md beside this file): same format and tooling as the
 * held-out set in ../layouts and the first tuning set in ../layouts-tune, other documents and repositories. It was
 * added when the rules, written looking at the first tuning set, no longer showed what fails on layouts they were not
 * written on; the held-out set stays measure-only.
 *
 *   npm run bench:layouts-tune2-data -- --mirror <mirror root> [--out tmp/bench-layouts-tune2]
 */
import path from "node:path";
import { assembleLayoutSet } from "../layouts/fetch";

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__dirname, "fetch.ts")) {
  assembleLayoutSet(__dirname, "bench:layouts-tune2-data", "tmp/bench-layouts-tune2");
}

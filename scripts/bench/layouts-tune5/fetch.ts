/**
 * Assembles the fifth "other layouts" tuning set (README.md beside this file): same format and tooling as the
 * held-out set in ../layouts and the first four tuning sets, other documents and repositories. It was added as the
 * honest measure of a round of rules: nobody writes rules while looking at it, so its first measurement is unseen.
 *
 *   npm run bench:layouts-tune5-data -- --mirror <mirror root> [--out tmp/bench-layouts-tune5]
 */
import path from "node:path";
import { assembleLayoutSet } from "../layouts/fetch";

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__dirname, "fetch.ts")) {
  assembleLayoutSet(__dirname, "bench:layouts-tune5-data", "tmp/bench-layouts-tune5");
}

// `tsx scripts/bench/build-next-floor.ts`: builds the framework-floor app of next-floor.ts and prints its folder, for
// BENCH_API_NEXT_FLOOR_DIR (a benchmark run under the machine's lock then needs no build).
import { buildFloorApp } from "./next-floor";

console.log(buildFloorApp(process.cwd()));

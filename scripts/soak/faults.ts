// `npm run test:faults` (also part of `npm run test:soak`): FAULT_UPLOADS (default 200) uploads processed by a separate
// worker process that is killed with SIGKILL FAULT_KILLS times (default 50) at random moments and restarted, with the
// app's database connections cut once mid-batch (FAULT_DATABASE=restart restarts the PostgreSQL server instead,
// FAULT_DATABASE=off skips it). Needs the machine's PostgreSQL
// (FAULT_POSTGRES_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres); creates and drops its own database.
// Prints the figures and exits non-zero when a document was lost or finished twice, or an event was not delivered.
import os from "node:os";
import { ADMIN_URL, postgresAvailable, withDatabase } from "../bench/postgres";
import { runFaults } from "./fault-run";

async function main() {
  if (!(await postgresAvailable())) {
    console.error(`No PostgreSQL at ${ADMIN_URL}: the fault run needs one (the worker process runs on PostgreSQL only).`);
    process.exit(2);
  }
  const uploads = Number(process.env.FAULT_UPLOADS ?? 200);
  const kills = Number(process.env.FAULT_KILLS ?? 50);
  // cut (default): every app connection to its database ended at once; restart: the PostgreSQL server restarted
  // (only on a machine where nothing else uses it then); off.
  const databaseFault = process.env.FAULT_DATABASE === "off" ? "off" : process.env.FAULT_DATABASE === "restart" ? "restart" : "cut";
  const started = Date.now();
  const report = await withDatabase(`quarry_faults_${Date.now().toString(36)}`, (databaseUrl) =>
    runFaults({ databaseUrl, uploads, kills, databaseFault, log: (line) => console.log(`[faults ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`) }),
  );
  console.log(`\nQuarry fault run — ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log("| uploads | accepted | kills (while documents were processing) | DB connections cut | processed | failed | skipped | all final after | webhooks settled after | job retries | dead-lettered | deliveries / messages / redeliveries | worker restart median / max |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
  const s = report.statuses;
  console.log(
    `| ${report.uploads} | ${report.accepted} | ${report.kills} (${report.killsWithWorkInHand}) | ${report.databaseConnectionsCut} | ${s.processed ?? 0} | ${s.failed ?? 0} | ${s.skipped ?? 0} | ${report.allFinalSeconds.toFixed(0)} s | ${report.webhooksSettledSeconds.toFixed(0)} s | ${report.jobRetries} | ${report.deadLettered} | ${report.deliveriesReceived} / ${report.distinctMessages} / ${report.redeliveries} | ${(report.workerRestartMs.median / 1000).toFixed(1)} s / ${(report.workerRestartMs.max / 1000).toFixed(1)} s |`,
  );
  if (report.failedMessages.length > 0) console.log(`failed documents said: ${report.failedMessages.join(" | ")}`);
  if (report.problems.length > 0) {
    console.log(`\nPROBLEMS:\n- ${report.problems.join("\n- ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nno document lost, none finished twice, every final event delivered under one webhook-id");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

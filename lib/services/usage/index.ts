export { getDashboard } from "./dashboard";
export { listUsage } from "./list";

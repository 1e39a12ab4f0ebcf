/**
 * How long a document has waited at its review stage, short enough for a table cell: "under 1 min", "12 min",
 * "3 h 12 min", "2 d 5 h". Coarser units drop the finest one, because "2 d 5 h 3 min" says nothing more to a
 * reviewer deciding what to open first.
 */
export const LONG_WAIT_SECONDS = 24 * 60 * 60;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function formatWaiting(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  if (total < MINUTE) return "under 1 min";
  if (total < HOUR) return `${Math.floor(total / MINUTE)} min`;
  if (total < DAY) return join(Math.floor(total / HOUR), "h", Math.floor((total % HOUR) / MINUTE), "min");
  return join(Math.floor(total / DAY), "d", Math.floor((total % DAY) / HOUR), "h");
}

function join(major: number, majorUnit: string, minor: number, minorUnit: string): string {
  return minor > 0 ? `${major} ${majorUnit} ${minor} ${minorUnit}` : `${major} ${majorUnit}`;
}

/** Past a day at one stage a document deserves a look before newer ones. */
export function isLongWait(seconds: number): boolean {
  return seconds >= LONG_WAIT_SECONDS;
}

/** An ISO 8601 duration for `<time dateTime>`, so the short text keeps a machine-readable meaning. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const time = `${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}`;
  if (!days && !time) return `PT${total % MINUTE}S`;
  return `P${days ? `${days}D` : ""}${time ? `T${time}` : ""}`;
}

/** Seconds from an ISO timestamp to `now`, never negative (clocks of two machines may disagree slightly). */
export function secondsSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
}

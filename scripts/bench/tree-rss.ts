import fs from "node:fs";

/** The resident memory of a process and all its descendants (`npm start` runs `next start` as a child), in bytes. */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  for (const queue = [rootPid]; queue.length > 0; ) {
    const pid = queue.pop()!;
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      // gone
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

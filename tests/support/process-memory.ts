import fs from "node:fs";

/**
 * The memory of a running server, read from /proc (Linux only): which process listens on a port, and the resident
 * set of it and its descendants. `next start` renames its process ("next-server"), so the port is the stable handle.
 */

function listeningSocketInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = fs.readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT"; state 0A is LISTEN; the inode is column 10.
      if (columns[1]?.endsWith(`:${hexPort}`) && columns[3] === "0A" && columns[9]) inodes.add(columns[9]);
    }
  }
  return inodes;
}

function pids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** The process that listens on `port`, or null when /proc does not show it (another OS, another user). */
export function pidListeningOn(port: number): number | null {
  const inodes = listeningSocketInodes(port);
  if (inodes.size === 0) return null;
  for (const pid of pids()) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return pid;
      } catch {
        // closed while we looked
      }
    }
  }
  return null;
}

/** Resident set size in bytes of a process and all its descendants (worker threads are inside their process). */
export { treeRss as treeRssBytes } from "../../scripts/bench/tree-rss";

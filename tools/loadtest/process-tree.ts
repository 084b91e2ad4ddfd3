/**
 * CPU time and memory of the processes behind a `wrangler dev` port (Linux /proc): the wrangler
 * process that started the workerd listening on that port, and everything below it. CPU is read
 * before and after a load run (the difference divided by the requests is the CPU cost per
 * request); memory is the resident set of the whole tree at the moment it is read.
 */
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100;

interface ProcessInfo {
  pid: number;
  ppid: number;
  cpuMs: number;
  cmdline: string;
}

function processes(): ProcessInfo[] {
  const list: ProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) start at the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(fields[11]) + Number(fields[12]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ");
      list.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND,
        cmdline,
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return list;
}

/** Every process of the wrangler dev tree serving `port`. */
function wranglerDevTree(port: number): ProcessInfo[] {
  const all = processes();
  const entry = all.find((p) => p.cmdline.includes("workerd") && p.cmdline.includes(`entry=127.0.0.1:${port} `));
  if (!entry) throw new Error(`no workerd serves port ${port}`);
  const byParent = new Map<number, ProcessInfo[]>();
  for (const p of all) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  // The wrangler node process that started workerd owns every runtime process of this dev server.
  const tree: ProcessInfo[] = [];
  const stack = [...(byParent.get(entry.ppid) ?? [])];
  while (stack.length > 0) {
    const p = stack.pop() as ProcessInfo;
    tree.push(p);
    stack.push(...(byParent.get(p.pid) ?? []));
  }
  return tree;
}

/** Total CPU milliseconds so far of the wrangler dev tree serving `port`. */
export function wranglerDevCpuMs(port: number): number {
  return wranglerDevTree(port).reduce((sum, p) => sum + p.cpuMs, 0);
}

/** Resident memory now of the wrangler dev tree serving `port` (VmRSS of each process), in bytes. */
export function wranglerDevRssBytes(port: number): number {
  return wranglerDevTree(port).reduce((sum, p) => sum + residentBytes(p.pid), 0);
}

function residentBytes(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kib ?? 0) * 1024;
  } catch {
    return 0; // The process ended while we looked.
  }
}

/**
 * Long-running children (wrangler dev and its workerd, `scenario dev` and its wrangler) tracked
 * with every process under them, so stopping one reaches the whole tree on every path: a start
 * that never got ready, a start given up on (a test hook's timeout: stopAllTrees), a normal stop,
 * this process exiting. A workerd left behind keeps its port bound and fails the next file that
 * wants that port. The children stay in this process's group, so Ctrl-C at a terminal reaches
 * them too.
 */
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface ProcessTree {
  child: ChildProcess;
  /** SIGTERM to every process of the tree, SIGKILL to what is left after `graceMs`; resolves once none runs. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL to every process of the tree at once, as a crash would end it; resolves once none runs. */
  kill(): Promise<void>;
}

const HAS_PROC = existsSync("/proc/self/stat");
const live = new Set<ProcessTree>();

// The last resort: a process that exits (a test file's worker, the bench, the CLI) takes its
// trees with it. Only synchronous work runs in an exit handler, hence SIGKILL.
process.once("exit", () => {
  for (const tree of live) signalAll(descendantsAndSelf(tree.child), "SIGKILL");
});

/** Spawns `command`, tracked with its descendants until it is stopped. */
export function spawnTree(command: string, args: string[], options: SpawnOptions): ProcessTree {
  const child = spawn(command, args, options);
  const end = async (first: NodeJS.Signals, graceMs: number) => {
    await endTree(child, first, graceMs);
    live.delete(tree);
  };
  const tree: ProcessTree = {
    child,
    stop: (graceMs = 10_000) => end("SIGTERM", graceMs),
    kill: () => end("SIGKILL", 0),
  };
  live.add(tree);
  return tree;
}

/**
 * Sends `first` to every process of the tree, SIGKILL to what still runs after `graceMs`, and
 * resolves once none runs. A process is found under its parent only while the parent lives, so
 * the tree is read before the first signal and again on every poll: what a dying wrangler starts
 * meanwhile (a workerd) gets the signal too.
 */
async function endTree(child: ChildProcess, first: NodeJS.Signals, graceMs: number): Promise<void> {
  const sent = new Map<number, NodeJS.Signals>();
  let signal = first;
  const escalateAt = Date.now() + graceMs;
  const giveUpAt = escalateAt + 10_000;
  for (;;) {
    const found = sent.size === 0 ? descendantsAndSelf(child) : descendantsOf(...sent.keys());
    if (found.length === 0) return;
    if (signal !== "SIGKILL" && Date.now() >= escalateAt) signal = "SIGKILL";
    if (Date.now() >= giveUpAt) throw new Error(`processes ${found.join(", ")} outlived SIGKILL`);
    for (const pid of found) {
      if (sent.get(pid) === signal) continue;
      sent.set(pid, signal);
      signalAll([pid], signal);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many trees this process started and has not stopped yet. */
export function liveTreeCount(): number {
  return live.size;
}

/** Stops every tree this process started and has not stopped (the e2e files' last hook calls it). */
export async function stopAllTrees(): Promise<void> {
  await Promise.all([...live].map((tree) => tree.stop()));
}

/** The running processes at and under each of `roots` (zombies, dead and waiting to be reaped, do not count). */
export function descendantsOf(...roots: number[]): number[] {
  if (!HAS_PROC) return roots.filter(isRunning);
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(`/proc/${entry}/stat`);
    if (!stat || !isRunning(Number(entry))) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const found = new Set<number>();
  const queue = roots.filter(isRunning);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...(children.get(next) ?? []));
  }
  return [...found];
}

function descendantsAndSelf(child: ChildProcess): number[] {
  return child.pid === undefined ? [] : descendantsOf(child.pid);
}

/**
 * Whether a process still runs. A zombie does not, unless it is a thread group's leader that died
 * before its other threads: they still hold its files (a bound port) until the last one ends.
 */
export function isRunning(pid: number): boolean {
  if (!HAS_PROC) return signalable(pid);
  const alive = (stat: { state: string } | null) => stat !== null && stat.state !== "Z" && stat.state !== "X";
  const stat = statOf(`/proc/${pid}/stat`);
  if (stat === null) return false;
  if (alive(stat)) return true;
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  return threads.some((tid) => alive(statOf(`/proc/${pid}/task/${tid}/stat`)));
}

function statOf(file: string): { state: string; ppid: number } | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null; // ended (or no /proc)
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
  const [state = "", ppid = "0"] = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state, ppid: Number(ppid) };
}

/** Without /proc (not Linux) only the child itself is tracked: Node reaps it, so no zombie answers. */
function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalAll(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // ESRCH: it ended meanwhile.
    }
  }
}

export interface ReadyOptions {
  /** What the output shows once the process is ready; its match is what startUntilReady resolves with. */
  ready: RegExp;
  /** Names the process in errors. */
  label: string;
  timeoutMs?: number;
  /** Receives the output after the ready line, in whole lines (stdout and stderr never cut each other's lines). */
  onOutput?: (text: string) => void;
}

/**
 * Spawns a process and resolves once its output matches `ready`. A start that ends, fails or is
 * not ready within `timeoutMs` stops its whole tree before it rejects; a start given up on from
 * outside is still tracked, so stopAllTrees() (or this process's exit) reaches it.
 */
export async function startUntilReady(
  command: string,
  args: string[],
  spawnOptions: SpawnOptions,
  options: ReadyOptions,
): Promise<{ tree: ProcessTree; match: RegExpExecArray; output: string }> {
  const tree = spawnTree(command, args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
  try {
    const { match, output } = await readyOutput(tree.child, options);
    return { tree, match, output };
  } catch (error) {
    await tree.stop();
    throw error;
  }
}

function readyOutput(
  child: ChildProcess,
  { ready, label, timeoutMs = 90_000, onOutput }: ReadyOptions,
): Promise<{ match: RegExpExecArray; output: string }> {
  return new Promise((resolve, reject) => {
    let output = "";
    let done = false;
    const settle = (error?: Error) => {
      done = true;
      clearTimeout(timer);
      if (error) reject(error);
    };
    const timer = setTimeout(
      () => settle(new Error(`${label}: not ready in ${timeoutMs / 1000} s\n${output}`)),
      timeoutMs,
    );
    const reader = () => {
      let partial = "";
      return (text: string) => {
        if (done) {
          partial += text;
          const end = partial.lastIndexOf("\n") + 1;
          if (end > 0) onOutput?.(partial.slice(0, end));
          partial = partial.slice(end);
          return;
        }
        output += text;
        const match = ready.exec(output);
        if (match) {
          settle();
          resolve({ match, output });
        }
      };
    };
    child.stdout?.setEncoding("utf8").on("data", reader());
    child.stderr?.setEncoding("utf8").on("data", reader());
    child.once("error", (error) => {
      if (!done) settle(new Error(`${label}: ${error.message}`));
    });
    child.once("exit", (code, signal) => {
      if (!done) settle(new Error(`${label}: exited with ${code ?? signal} before it was ready\n${output}`));
    });
  });
}

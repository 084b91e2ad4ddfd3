/**
 * CPU and memory of the local process tree serving the rooms under load (the `wrangler dev` that
 * runs them, process-tree.ts), read before the seats open, sampled while the load runs, and read
 * at the end. Rooms no local `wrangler dev` serves (another server on a loopback port) read as null.
 */
import { wranglerDevCpuMs, wranglerDevRssBytes } from "./process-tree.ts";

export interface RoomsUsage {
  /** CPU time the tree spent from the start to the end, in ms. */
  cpuMs: number;
  /** Wall time from the start to the end, in ms. */
  wallMs: number;
  /** Resident memory of the tree before any seat opened, in bytes. */
  startRssBytes: number;
  /** The most it held while the load ran, in bytes. */
  peakRssBytes: number;
}

export class RoomsUsageMeter {
  private readonly port: number;
  private readonly startCpuMs: number | null;
  private readonly startedAt = performance.now();
  private readonly startRssBytes: number;
  private peakRssBytes: number;

  constructor(port: number) {
    this.port = port;
    this.startCpuMs = read(() => wranglerDevCpuMs(port));
    this.startRssBytes = this.startCpuMs === null ? 0 : (read(() => wranglerDevRssBytes(port)) ?? 0);
    this.peakRssBytes = this.startRssBytes;
  }

  sample(): void {
    if (this.startCpuMs === null) return;
    this.peakRssBytes = Math.max(this.peakRssBytes, read(() => wranglerDevRssBytes(this.port)) ?? 0);
  }

  finish(): RoomsUsage | null {
    if (this.startCpuMs === null) return null;
    this.sample();
    const endCpuMs = read(() => wranglerDevCpuMs(this.port));
    if (endCpuMs === null) return null;
    const wallMs = performance.now() - this.startedAt;
    return {
      cpuMs: endCpuMs - this.startCpuMs,
      wallMs,
      startRssBytes: this.startRssBytes,
      peakRssBytes: this.peakRssBytes,
    };
  }
}

/** A reading, or null when no local `wrangler dev` serves the port (or it ended). */
function read(measure: () => number): number | null {
  try {
    return measure();
  } catch {
    return null;
  }
}

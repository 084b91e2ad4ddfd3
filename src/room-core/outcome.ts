import type { RoomOutcome } from "./types";

/** Collects the frames and the storage need of one operation. */
export class OutcomeBuilder {
  toSender: string[] = [];
  broadcast: string[] = [];
  toOthers: string[] = [];
  persist: RoomOutcome["persist"] = "none";
  closeSender: RoomOutcome["closeSender"] = null;

  persistAt(level: "batched" | "now") {
    if (this.persist !== "now") this.persist = level;
  }
}

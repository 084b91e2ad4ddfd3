import type { GameClock } from "../engine/game-clock";
import type { PendingDeadline, Seat } from "../engine/types";

/** Everything of a room that survives a restart: written to storage by the room's host. */
export interface RoomRecord {
  revisionId: string;
  /** revisionId + ":" + TEMPLATE_VERSION of the code that last ran this room. */
  codeId: string;
  /** Pinned on first use; null until a connection brings one. */
  roster: Seat[] | null;
  /** Seats online at least once (ctx.presence.seen), in roster order; it never shrinks. */
  seatsSeen: string[];
  started: boolean;
  state: unknown;
  seed: number;
  rng: number;
  tick: number;
  clock: GameClock;
  /**
   * Set while an emergency pause holds the room: by a seat, or by an operator from the console
   * (`operator`), whose pause only an operator lifts.
   */
  paused: { by: string; operator?: true } | null;
  deadlines: Record<string, PendingDeadline>;
  /**
   * The seq of the last action applied per client (the SDK's `client` id), stored with the state
   * it produced: a client that reconnects after a restart learns which of its actions the room
   * still has (action-acks.ts). Absent in records written before it existed.
   */
  lastSeqs?: Record<string, number>;
  /** Real time of the last connection, leave or client frame (heartbeats aside); absent before any. */
  lastActivityAt?: number;
  /** Set when an operator closed the room: no connection is accepted any more. */
  closed?: { at: number; message: string };
}

/** One WebSocket, as its attachment describes it. */
export interface ConnectionInfo {
  connectionId: string;
  playerId: string;
  nickname: string;
  monitor: boolean;
  connectedAt: number;
  /** The client's own id (the SDK's `client` parameter), kept across its reconnects; absent for older clients. */
  clientId?: string;
  /** Set when the connection brought a roster that differs from the pinned one. */
  quietObserver?: boolean;
  /**
   * Real time of the last heartbeat the room answered itself. Exact `__ping` frames are answered by
   * the runtime instead, which keeps its own timestamp; the silent-drop check takes the later one.
   */
  lastHeartbeat?: number;
}

/** What the host must do after each operation of the room core. */
export interface RoomOutcome {
  /** Frames for the connection the operation came from. */
  toSender: string[];
  /** Frames for every connection (the sender included). */
  broadcast: string[];
  /** Frames for every connection but the sender. */
  toOthers: string[];
  /** Real time at which the next deadline comes due, or null. */
  nextDeadline: number | null;
  tickRate: number;
  started: boolean;
  /** The game clock stands still: emergency pause, or nobody present. */
  frozen: boolean;
  /** How soon the record must reach storage. */
  persist: "none" | "batched" | "now";
  /** Close the connection the operation came from, after its frames (a flood, an oversized frame). */
  closeSender: { code: number; reason: string } | null;
}

export type { LogicRunner } from "../engine/logic-runner";

export type LogLevel = "info" | "warn" | "error";
export type RoomLogger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

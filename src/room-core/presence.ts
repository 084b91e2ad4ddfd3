import type { Seat } from "../engine/types";
import type { ConnectionInfo } from "./types";

export interface VoiceReport {
  session?: unknown;
  room?: unknown;
  [key: string]: unknown;
}

export interface SeatPresence {
  seatId: string;
  role?: string;
  online: boolean;
  connections: number;
  nickname: string | null;
  voice: VoiceReport | null;
}

export interface PresencePayload {
  serverNow: number;
  seats: SeatPresence[];
  observers: { count: number };
  pause: { frozen: boolean; paused: boolean; by: string | null };
}

/** A connection that acts for a seat of the roster (monitors and quiet observers included as devices). */
export function seatOf(connection: ConnectionInfo, roster: readonly Seat[] | null): Seat | null {
  if (!roster || connection.quietObserver) return null;
  return roster.find((seat) => seat.id === connection.playerId) ?? null;
}

/**
 * Of several reports of one seat, the better one: one that names both a session and a room beats
 * one that names less; among equals the latest wins (reports arrive in time order).
 */
export function betterVoiceReport(current: VoiceReport | null, candidate: VoiceReport): VoiceReport {
  const score = (report: VoiceReport) => (report.session ? 1 : 0) + (report.room ? 1 : 0);
  return current && score(current) > score(candidate) ? current : candidate;
}

/**
 * Presence as clients see it. Monitors are not counted; a seat is online while at least one of its
 * connections lives; connections of no seat are counted as observers.
 */
export function computePresence(input: {
  roster: readonly Seat[] | null;
  connections: Iterable<ConnectionInfo>;
  voice: ReadonlyMap<string, VoiceReport>;
  now: number;
  frozen: boolean;
  pausedBy: string | null;
}): PresencePayload {
  const seats = new Map<string, SeatPresence>();
  for (const seat of input.roster ?? []) {
    seats.set(seat.id, {
      seatId: seat.id,
      ...(seat.role !== undefined ? { role: seat.role } : {}),
      online: false,
      connections: 0,
      nickname: null,
      voice: null,
    });
  }
  let observers = 0;
  for (const connection of input.connections) {
    if (connection.monitor) continue;
    const seat = seatOf(connection, input.roster);
    const entry = seat ? seats.get(seat.id) : undefined;
    if (!entry) {
      observers++;
      continue;
    }
    entry.online = true;
    entry.connections++;
    entry.nickname = connection.nickname || entry.nickname;
    const report = input.voice.get(connection.connectionId);
    if (report) entry.voice = betterVoiceReport(entry.voice, report);
  }
  return {
    serverNow: input.now,
    seats: [...seats.values()],
    observers: { count: observers },
    pause: { frozen: input.frozen, paused: input.pausedBy !== null, by: input.pausedBy },
  };
}

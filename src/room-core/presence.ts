import type { PresenceChange, RoomPresence, Seat } from "../engine/types";
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
  /** Online at least once since the room began (what ctx.presence.seen lists). */
  seen: boolean;
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
 * Seats with a live connection, and those in `graced` (their grace after the last one closed), in
 * roster order: monitors and observers never make a seat online.
 */
export function onlineSeats(
  roster: readonly Seat[] | null,
  connections: Iterable<ConnectionInfo>,
  graced: readonly string[] = [],
): string[] {
  const online = new Set<string>(graced);
  for (const connection of connections) {
    if (connection.monitor) continue;
    const seat = seatOf(connection, roster);
    if (seat) online.add(seat.id);
  }
  return (roster ?? []).filter((seat) => online.has(seat.id)).map((seat) => seat.id);
}

/** Seats that came online, then seats that went offline, between two lists of onlineSeats. */
export function presenceChanges(before: readonly string[], after: readonly string[]): PresenceChange[] {
  return [
    ...after.filter((seatId) => !before.includes(seatId)).map((seatId) => ({ seatId, online: true })),
    ...before.filter((seatId) => !after.includes(seatId)).map((seatId) => ({ seatId, online: false })),
  ];
}

/** The seats seen so far and those online now, in roster order. */
export function withSeen(roster: readonly Seat[] | null, seen: readonly string[], online: readonly string[]): string[] {
  return (roster ?? []).map((seat) => seat.id).filter((seatId) => seen.includes(seatId) || online.includes(seatId));
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
 * connections lives, and for its grace after the last one closed (`graced`: online, 0 connections);
 * connections of no seat are counted as observers.
 */
export function computePresence(input: {
  roster: readonly Seat[] | null;
  connections: Iterable<ConnectionInfo>;
  voice: ReadonlyMap<string, VoiceReport>;
  seen: readonly string[];
  graced: readonly string[];
  now: number;
  frozen: boolean;
  pausedBy: string | null;
}): PresencePayload {
  const seats = new Map<string, SeatPresence>();
  for (const seat of input.roster ?? []) {
    seats.set(seat.id, {
      seatId: seat.id,
      ...(seat.role !== undefined ? { role: seat.role } : {}),
      online: input.graced.includes(seat.id),
      seen: input.seen.includes(seat.id),
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

/**
 * ctx.presence as a client rebuilds it from the last presence payload, for its predictions (a
 * room older than `seen` sends none: the seats online count as seen).
 */
export function roomPresenceOf(payload: Pick<PresencePayload, "seats">): RoomPresence {
  return {
    online: payload.seats.filter((seat) => seat.online).map((seat) => seat.seatId),
    seen: payload.seats.filter((seat) => seat.seen || seat.online).map((seat) => seat.seatId),
  };
}

import { splitHandlers } from "../../src/engine/describe-game";
import { runPrediction } from "../../src/engine/run-logic";
import type { GameDefinition, GameEvent, RoomPresence, Seat } from "../../src/engine/types";
import { roomPresenceOf } from "../../src/room-core/presence";
import type { Emitter } from "./emitter";
import type { ServerFrame, SessionEvents, StateReason } from "./events";

interface PendingAction {
  seq: number;
  action: string;
  payload: Record<string, unknown>;
}

/** Acknowledged actions kept until the room confirms it stored them (a __state after a reconnect). */
const MAX_ACKED_KEPT = 256;

/**
 * The client's picture of a room: the last state the room confirmed, plus this client's actions
 * that are sent but not yet answered, predicted on top of it with the game's `actions`. Every
 * server frame replaces the confirmed state; pending actions are replayed on the new state, dropped
 * when acknowledged and rolled back when refused. `__state` replaces everything.
 */
export class GameView {
  private confirmed: unknown = null;
  private pending: PendingAction[] = [];
  /** Acknowledged, but a restart of the room may still lose them (document 3: up to 500 ms of updates). */
  private acked: PendingAction[] = [];
  /** Sent or acknowledged on a connection that dropped: the next __state says which the room holds. */
  private inDoubt: PendingAction[] = [];
  private shown: unknown = null;
  private readonly game: GameDefinition;
  /** Names of the game's predicted actions (`actions`; serverActions run on the server only). */
  private readonly predicted: Set<string>;
  players: Seat[] = [];
  /** The room says this connection holds no seat of the roster (a spectator, an admin, a quiet observer). */
  observer = false;
  started = false;
  frozen = true;
  tick = 0;
  /** Seats online and seen, from the room's last presence message: ctx.presence of predictions. */
  private presence: RoomPresence = { online: [], seen: [] };
  /** Each seat's display name as its connections brought it (the nickname of its ticket or URL). */
  private nicknames = new Map<string, string>();
  /** Game time as last reported by the room, and the local monotonic time it arrived. */
  private clock = { gameTime: 0, receivedAt: 0 };

  private readonly seatId: string;
  private readonly emitter: Emitter<SessionEvents>;
  private readonly now: () => number;

  constructor(game: GameDefinition | null, seatId: string, emitter: Emitter<SessionEvents>, now: () => number) {
    this.seatId = seatId;
    this.emitter = emitter;
    this.now = now;
    this.game = game ?? {};
    this.predicted = new Set(Object.keys(splitHandlers(this.game).actions));
  }

  get state(): any {
    return this.shown;
  }

  /** A seat's name for people: the roster's name for it, else the display name its connections brought, else its id. */
  nameOf(seatId: string): string {
    return this.players.find((seat) => seat.id === seatId)?.name || this.nicknames.get(seatId) || seatId;
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Game time in ms: the room's clock, advanced locally while the game runs. Not a Unix time. */
  gameTime(): number {
    const running = this.started && !this.frozen;
    return this.clock.gameTime + (running ? Math.max(0, this.now() - this.clock.receivedAt) : 0);
  }

  /** Records an action just sent and shows its predicted outcome. */
  predict(seq: number, action: string, payload: Record<string, unknown>): void {
    this.pending.push({ seq, action, payload });
    if (this.predicted.has(action)) this.show("predicted");
  }

  /**
   * The connection that carried them is gone: predictions are forgotten, and every action not
   * known to be stored waits for the next __state, which says which of them the room holds.
   */
  dropPending(): void {
    this.inDoubt.push(...this.acked, ...this.pending);
    this.acked = [];
    this.pending = [];
  }

  receive(frame: ServerFrame): void {
    if (typeof frame.gameTime === "number") this.clock = { gameTime: frame.gameTime, receivedAt: this.now() };
    switch (frame.type) {
      case "__state":
        this.settleInDoubt(frame.you?.lastSeq);
        this.observer = frame.you?.observer === true;
        this.confirmed = frame.state;
        this.pending = [];
        this.started = frame.started === true;
        this.frozen = frame.frozen === true;
        this.tick = frame.tick ?? 0;
        if (Array.isArray(frame.players)) this.players = frame.players;
        this.show("sync");
        return;
      case "__game_start":
        this.confirmed = frame.state;
        this.pending = [];
        this.started = true;
        this.players = frame.players ?? [];
        this.show("start");
        this.emitter.emit("start", { state: this.shown, players: this.players });
        return;
      case "__action_result": {
        this.confirmed = frame.state;
        if (frame.ack !== null && frame.ack !== undefined) this.acknowledge(frame.ack);
        this.deliverEvents(frame, frame.events, frame.serverEvents);
        this.show(frame.deadline ? "deadline" : frame.presence ? "presence" : "action");
        return;
      }
      case "__action_error": {
        const refused = this.pending.find((p) => p.seq === frame.seq);
        this.pending = this.pending.filter((p) => p.seq !== frame.seq);
        this.emitter.emit("actionError", {
          code: frame.code ?? "action_failed",
          error: frame.error ?? "",
          seq: frame.seq ?? null,
          ...(refused ? { action: refused.action } : {}),
        });
        if (refused) this.show("rollback");
        return;
      }
      case "__tick":
        this.confirmed = frame.state;
        this.tick = frame.tick ?? this.tick;
        this.deliverEvents(frame, frame.events, []);
        this.show("tick");
        return;
      case "__pause_state":
        this.frozen = frame.frozen === true;
        this.emitter.emit("pause", { frozen: this.frozen, by: frame.by ?? null, gameTime: this.gameTime() });
        return;
      case "__platform":
        // Older SDKs ignore unknown platform messages; so do we.
        if (frame.message?.type === "presence") {
          this.frozen = frame.message.payload?.pause?.frozen ?? this.frozen;
          if (Array.isArray(frame.message.payload?.seats)) {
            this.presence = roomPresenceOf(frame.message.payload);
            for (const seat of frame.message.payload.seats) {
              if (typeof seat?.nickname === "string" && seat.nickname !== "")
                this.nicknames.set(seat.seatId, seat.nickname);
            }
          }
          this.emitter.emit("presence", frame.message.payload);
        }
        return;
    }
  }

  private acknowledge(seq: number) {
    const done = this.pending.find((p) => p.seq === seq);
    this.pending = this.pending.filter((p) => p.seq !== seq);
    if (!done) return;
    this.acked.push(done);
    if (this.acked.length > MAX_ACKED_KEPT) this.acked.shift();
  }

  /**
   * A __state after a reconnect: the room holds this client's actions up to `lastSeq` (the room's
   * record keeps it with the state). Later ones are gone, never applied or lost with a restart:
   * each is reported once with `actionLost`. A room that does not say (an older server) reports nothing.
   */
  private settleInDoubt(lastSeq: unknown) {
    const doubted = this.inDoubt;
    if (doubted.length === 0) return;
    this.inDoubt = [];
    this.acked = [];
    if (lastSeq === undefined) return;
    const held = typeof lastSeq === "number" ? lastSeq : 0;
    for (const { seq, action, payload } of doubted) {
      if (seq > held) this.emitter.emit("actionLost", { seq, action, payload });
    }
  }

  private deliverEvents(frame: ServerFrame, events: GameEvent[] = [], serverEvents: GameEvent[] = []) {
    if (events.length === 0 && serverEvents.length === 0) return;
    this.emitter.emit("events", {
      events,
      serverEvents,
      ...(frame.action ? { action: frame.action } : {}),
      ...(frame.deadline ? { deadline: frame.deadline } : {}),
      ...(frame.presence ? { presence: frame.presence } : {}),
      ...(frame.by !== undefined ? { by: frame.by } : {}),
    });
  }

  /** Confirmed state with every pending prediction replayed on it. */
  private show(reason: StateReason) {
    let state = this.confirmed;
    for (const pending of this.pending) state = this.applyPrediction(state, pending);
    this.shown = state;
    this.emitter.emit("state", { state, reason });
  }

  /**
   * One action's deterministic part, run by the engine exactly as the room runs it; a prediction
   * that throws changes nothing (the room will refuse it too).
   */
  private applyPrediction(state: unknown, pending: PendingAction): unknown {
    if (!this.predicted.has(pending.action) || !this.started) return state;
    const input = {
      state,
      playerId: this.seatId,
      players: this.players,
      gameTime: this.gameTime(),
      tick: this.tick,
      inputs: {},
      presence: this.presence,
      rng: 0,
      deadlines: {},
    };
    try {
      return runPrediction(this.game, pending.action, pending.payload, input);
    } catch {
      return state;
    }
  }
}

import { LocalLogicRunner } from "../../src/engine/logic-runner";
import type { ClientMessage } from "../../src/engine/protocol";
import { newSeed } from "../../src/engine/random";
import type { GameDefinition, Seat } from "../../src/engine/types";
import { newRoomRecord, RoomCore } from "../../src/room-core/room-core";
import type { ConnectionInfo, RoomOutcome } from "../../src/room-core/types";
import { ViewSession } from "./view-session";

const SOLO = "solo";

/**
 * Everything in the browser: the same room core as the server, with the game object run in-process
 * and one local connection. tickRate defaults to 0; events of an operation arrive together with
 * its state; exceptions in actions, ticks and deadlines are caught and logged by the core.
 */
export class SoloSession extends ViewSession {
  readonly mode = "solo";
  private readonly core: RoomCore;
  private readonly connection: ConnectionInfo;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private deadlineTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private seq = 0;

  constructor(game: GameDefinition, seatId: string, players: Seat[], now: () => number) {
    super(game, { seatId, seatKind: null }, now);
    this.core = new RoomCore({
      runner: new LocalLogicRunner(game),
      record: newRoomRecord(SOLO, SOLO, newSeed()),
      now: Date.now,
      log: (level, message, fields) => console[level](`[solo room] ${message}`, fields ?? ""),
    });
    this.connection = { connectionId: SOLO, playerId: seatId, nickname: "", monitor: false, connectedAt: Date.now() };
    queueMicrotask(() => {
      this.emitter.emit("connection", { status: "open", attempt: 0 });
      void this.run(this.core.connect(this.connection, players));
    });
  }

  act(action: string, payload: Record<string, unknown> = {}): number {
    const seq = ++this.seq;
    this.view.predict(seq, action, payload);
    this.send({ type: "__action", action, payload, seq });
    return seq;
  }

  input(data: Record<string, unknown>): void {
    this.send({ type: "__input", data });
  }

  pause(): void {
    this.send({ type: "__pause" });
  }

  resume(): void {
    this.send({ type: "__resume" });
  }

  close(): void {
    this.closed = true;
    this.stopTicks();
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.emitter.emit("connection", { status: "closed", attempt: 0 });
  }

  /** Solo frames are built here, so they need no validation library (the server parses with zod). */
  private send(message: ClientMessage) {
    if (this.closed) return;
    void this.run(this.core.receive(SOLO, { ok: true, message }));
  }

  private async run(operation: Promise<RoomOutcome>) {
    const outcome = await operation;
    if (this.closed) return;
    for (const frame of [...outcome.toSender, ...outcome.broadcast]) this.view.receive(JSON.parse(frame));
    this.schedule(outcome);
  }

  private schedule(outcome: RoomOutcome) {
    const ticking = outcome.tickRate > 0 && outcome.started && !outcome.frozen;
    if (ticking && !this.tickTimer) {
      this.tickTimer = setInterval(() => void this.run(this.core.tick()), 1000 / outcome.tickRate);
    } else if (!ticking) this.stopTicks();
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    if (outcome.nextDeadline !== null) {
      this.deadlineTimer = setTimeout(
        () => void this.run(this.core.fireDeadlines()),
        Math.max(0, outcome.nextDeadline - Date.now()),
      );
    }
  }

  private stopTicks() {
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
  }
}

import { startGame } from "../../../browser/sdk/index.ts";
import type { GameSession } from "../../../browser/sdk/session.ts";

/** A seat of the marks fixture (test/fixtures/marks.logic.js) as the room's state shows it. */
export interface SeatMarks {
  count: number;
  last: number;
  gaps: [number, number][];
  repeats: number[];
}

/**
 * One player of the crash test: an SDK session (online mode, the SDK's own reconnect) that marks
 * 1, 2, 3, ... with one action in flight at a time while `playing`. It remembers when each mark
 * was acknowledged, which marks the SDK reported lost, and when its session was back in sync
 * after a drop.
 */
export class MarkingPlayer {
  readonly session: GameSession;
  readonly ackedAt = new Map<number, number>();
  readonly reportedLost: number[] = [];
  /** Marks the SDK refused at once because the socket was already closed (never sent). */
  readonly refusedOffline: number[] = [];
  /** Marks sent, in order (refused ones excluded). */
  readonly sent: number[] = [];
  playing = false;
  /** performance.now() of each __state after a drop: the session is back and in sync. */
  readonly syncedAt: number[] = [];
  private next = 1;
  private inFlight: { n: number; seq: number } | null = null;
  private readonly markOfSeq = new Map<number, number>();
  /** The mark being handed to the SDK right now (an offline refusal comes before act() returns its seq). */
  private sending: number | null = null;
  /** Checks waiting for a state change; each returns true once it is done. */
  private waiters: (() => boolean)[] = [];

  readonly roomId: string;
  readonly seatId: string;

  constructor(server: string, revisionId: string, roomId: string, seatId: string, players: { id: string }[]) {
    this.roomId = roomId;
    this.seatId = seatId;
    const params = new URLSearchParams({ server, roomId, revisionId, seatId, players: JSON.stringify(players) });
    // No game object: the shown state is the room's alone, with no prediction on top.
    this.session = startGame({ params });
    this.session.on("state", ({ reason }) => this.onState(reason));
    this.session.on("actionLost", ({ seq }) => this.reportedLost.push(this.markOfSeq.get(seq) ?? -seq));
    this.session.on("actionError", ({ code, seq }) => {
      const n = (seq === null ? undefined : this.markOfSeq.get(seq)) ?? this.sending ?? undefined;
      if (n === undefined) return;
      // Refused offline: the socket is gone; the next __state (after the reconnect) sends again.
      if (code === "offline") {
        this.refusedOffline.push(n);
        return;
      }
      if (this.inFlight?.n === n) this.inFlight = null;
      this.sendNext();
    });
    this.session.on("connection", ({ status }) => {
      if (status === "closed") this.inFlight = null;
    });
  }

  /** No action of this player waits for its answer. */
  get idle(): boolean {
    return this.inFlight === null;
  }

  /** This seat's marks in the state the session shows. */
  get marks(): SeatMarks | undefined {
    return this.session.state?.seats?.[this.seatId];
  }

  start(): void {
    this.playing = true;
    this.sendNext();
  }

  /** Resolves at the next state change that satisfies `ready` (at once if it already does). */
  until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!ready()) return false;
        resolve();
        return true;
      };
      this.waiters.push(check);
    });
  }

  private onState(reason: string) {
    const marks = this.marks;
    if (marks && this.inFlight && marks.last >= this.inFlight.n) {
      this.ackedAt.set(this.inFlight.n, performance.now());
      this.inFlight = null;
    }
    if (reason === "sync" && this.sent.length > 0) this.syncedAt.push(performance.now());
    this.waiters = this.waiters.filter((check) => !check());
    this.sendNext();
  }

  private sendNext() {
    if (!this.playing || this.inFlight || !this.session.started) return;
    const n = this.next++;
    this.sending = n;
    const seq = this.session.act("mark", { n });
    this.sending = null;
    this.markOfSeq.set(seq, n);
    if (this.refusedOffline.includes(n)) return;
    this.sent.push(n);
    this.inFlight = { n, seq };
  }
}

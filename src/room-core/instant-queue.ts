import { SerialQueue } from "./serial-queue";

/**
 * The room's one line of operations. Each runs after every one queued before it, at one instant of
 * real time read from the clock as it starts: every game time its logic calls see is the same,
 * however long the calls take. So an operation is reproduced exactly by running its input again
 * at that instant (a replay, replay-run.ts).
 */
export class InstantQueue {
  private readonly clock: () => number;
  /** While an operation runs: the one instant it runs at. */
  private instant: number | null = null;
  /** How many operations were queued so far: each one's place in the line. */
  private queued = 0;
  private readonly line = new SerialQueue();

  constructor(clock: () => number) {
    this.clock = clock;
  }

  /** The room's clock: during an operation, the instant the operation runs at. */
  readonly now = (): number => this.instant ?? this.clock();

  /** Queues an operation after every one before it. */
  run<T>(operation: () => Promise<T>): Promise<T> {
    return this.runAt(() => operation);
  }

  /**
   * Queues an operation that must know its place in the line at once: `enqueue` is told it right
   * away and returns what runs on its turn (an action joins the backlog before its turn comes).
   */
  runAt<T>(enqueue: (place: number) => () => Promise<T>): Promise<T> {
    const operation = enqueue(this.queued++);
    return this.line.run(async () => {
      this.instant = this.clock();
      try {
        return await operation();
      } finally {
        this.instant = null;
      }
    });
  }
}

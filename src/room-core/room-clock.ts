import { type GameClock, gameTimeAt, stoppedClock } from "../engine/game-clock";

/**
 * The clock of a room rebuilt from its stored record. The record holds the game time and, while the
 * clock ran, the real time it was read at (the anchor). `running`: the rebuilt room runs (started,
 * not paused, somebody connected), so its host only hibernated with the connections open and the
 * room ran on meanwhile: the clock continues from the anchor. Otherwise (no connections: evicted or
 * restarted; or frozen) the clock stood still where it was last written.
 */
export function restoredClock(stored: GameClock, running: boolean): GameClock {
  return running && stored.anchor !== null ? stored : stoppedClock(stored.gameTime);
}

/** The clock as it is stored: read at `now`, and anchored at `now` while it runs. */
export function clockForStorage(clock: GameClock, now: number): GameClock {
  return { gameTime: gameTimeAt(clock, now), anchor: clock.anchor === null ? null : now };
}

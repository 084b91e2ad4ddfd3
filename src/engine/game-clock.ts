/**
 * The in-game clock. gameTime is milliseconds of play: it runs while the room runs and stands still
 * while it is frozen (paused, or nobody present). It is not a Unix time: never mix it with Date.now().
 */
export interface GameClock {
  /** gameTime at the anchor. */
  gameTime: number;
  /** Real time (ms) at which gameTime was read, or null while the clock is stopped. */
  anchor: number | null;
}

export function stoppedClock(gameTime = 0): GameClock {
  return { gameTime, anchor: null };
}

export function gameTimeAt(clock: GameClock, now: number): number {
  return clock.anchor === null ? clock.gameTime : clock.gameTime + Math.max(0, now - clock.anchor);
}

export function stopClock(clock: GameClock, now: number): GameClock {
  return clock.anchor === null ? clock : { gameTime: gameTimeAt(clock, now), anchor: null };
}

export function startClock(clock: GameClock, now: number): GameClock {
  return clock.anchor === null ? { gameTime: clock.gameTime, anchor: now } : clock;
}

/** The real time at which the clock will read `gameTime`, or null while it is stopped. */
export function realTimeOf(clock: GameClock, gameTime: number, now: number): number | null {
  if (clock.anchor === null) return null;
  return now + Math.max(0, gameTime - gameTimeAt(clock, now));
}

/** The game as the lobby of a published game shows it: in a frame of the lobby's page. */
import type { Frame, Page } from "playwright-core";

/** The lobby's game frame once it holds the game's page (not the blank frame of a closed game). */
export async function gameFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#game:not([hidden]) #game-frame[src*="/play/"]');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error("the lobby's game frame has no document");
  await frame.waitForURL(/\/play\/[^/]+\/index\.html\?/);
  return frame;
}

/** The room and seat the frame's game plays (its URL's parameters; the ticket is no longer there). */
export function seatOf(frame: Frame): { roomId: string; seatId: string } {
  const query = new URL(frame.url()).searchParams;
  return { roomId: query.get("roomId") as string, seatId: query.get("seatId") as string };
}

import type { QuickPlayRefusal } from "../../../durable-objects/quick-play/quick-play";
import { errorResponse } from "../../../src/worker-kit/errors";

/**
 * 429 with `Retry-After` for a seat quick play will not hand this account now
 * (`quick_play_cooldown`: a seat it gave them went back untaken; `too_many_open_seats`: they hold
 * one they have not taken yet).
 */
export function refusalResponse(refused: QuickPlayRefusal): Response {
  const response = errorResponse(429, refused.code, refused.message);
  response.headers.set("retry-after", String(refused.retryAfterSeconds));
  return response;
}

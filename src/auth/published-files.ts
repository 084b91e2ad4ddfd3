import { type BaseUrl, urlFor } from "../base-url";
import { type MatchOptions, sameOrigin } from "../router";

/**
 * Whether `url` is under {ROOMS_URL}/play/, where the rooms serve scenario authors' own files
 * (docs/publishing.md): never a sign-in target. The origin is compared as the router compares it
 * (in local dev localhost, 127.0.0.1 and [::1] on one port are the rooms' origin too); the path
 * decoded, so an encoded "/play/" counts; one that cannot be decoded counts as under /play/.
 */
export function isPublishedGameFile(url: URL, rooms: BaseUrl, options: MatchOptions): boolean {
  const play = new URL(urlFor(rooms, "/play/"));
  if (!sameOrigin(url, play.origin, options)) return false;
  try {
    return decodeURIComponent(url.pathname).startsWith(play.pathname);
  } catch {
    return true;
  }
}

import { type BaseUrl, urlFor } from "../base-url";

/**
 * Whether `url` is under {ROOMS_URL}/play/, where the rooms serve scenario authors' own files
 * (docs/publishing.md): never a sign-in target. The path is compared decoded, as the router
 * matches it; one that cannot be decoded counts as under /play/.
 */
export function isPublishedGameFile(url: URL, rooms: BaseUrl): boolean {
  const play = new URL(urlFor(rooms, "/play/"));
  if (url.origin !== play.origin) return false;
  try {
    return decodeURIComponent(url.pathname).startsWith(play.pathname);
  } catch {
    return true;
  }
}

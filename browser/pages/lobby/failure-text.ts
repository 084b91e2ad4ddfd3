// What the lobby's pages say about a failure, in the page's language: the texts come in the page
// config (src/lobby/lobby-strings.ts; the server picks the page's language).
import { fill, type LobbyScriptStrings } from "../../../src/lobby/lobby-strings";
import { ServiceError } from "./seat-service";

/** The page's own sign-in failed: its custom token was refused, or could not be traded. */
export class SignInFailed extends Error {}

/** A failure for the status line: a refusal the page knows by its code, no answer at all, or the rooms' own sentence. */
export function errorText(strings: LobbyScriptStrings, error: unknown): string {
  if (error instanceof SignInFailed) return strings.signInFailed;
  if (error instanceof ServiceError) {
    const { refusals } = strings;
    const known = error.code !== undefined && Object.hasOwn(refusals, error.code);
    return known ? refusals[error.code as keyof typeof refusals] : fill(strings.refused, { message: error.message });
  }
  // fetch rejects with a TypeError when no answer came (offline, the connection dropped).
  if (error instanceof TypeError) return strings.unreachable;
  return fill(strings.refused, { message: error instanceof Error ? error.message : String(error) });
}

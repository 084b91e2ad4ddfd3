/**
 * The authors' files run in an opaque origin of their own
 * (docs/decisions/0069-published-files-in-an-opaque-origin-a-csp.md): a sandbox without
 * allow-same-origin, so a game page cannot read the rooms origin's storage or cookies, script the
 * lobby, or send credentialed requests to this origin. What a game needs stays allowed: scripts,
 * forms, pop-ups, dialogs, pointer lock, downloads.
 * Every file under /play/ carries it as its CSP, and the lobby's game frame as its `sandbox`.
 */
export const PLAY_SANDBOX_FLAGS =
  "allow-scripts allow-forms allow-popups allow-modals allow-pointer-lock allow-downloads";

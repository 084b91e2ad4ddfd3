/** What an operator can do on the console; each is a row of the audit trail (operator_audit.action). */
export const OPERATOR_ACTIONS = {
  end_session: "End a session",
  end_all_sessions: "Sign out everywhere",
  revoke_publish_token: "Revoke a publish token",
  handle_notice: "Mark a notice handled",
  pause_room: "Pause a room",
  resume_room: "Lift a room's pause",
  close_room: "Close a room",
} as const;

export type OperatorAction = keyof typeof OPERATOR_ACTIONS;

export const OPERATOR_ACTION_NAMES = Object.keys(OPERATOR_ACTIONS) as [OperatorAction, ...OperatorAction[]];

/** What an action was done to (operator_audit.target_kind). */
export type TargetKind = "session" | "user" | "publish_token" | "notice" | "room";

/** A typed reason: at least this long (the table's CHECK says the same), at most that long. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
/** The message a closed room's seats are shown. */
export const CLOSE_MESSAGE_MAX = 300;

/** What the page says after an action (the action's redirect names it: `?done=<code>`); nothing else is shown. */
export const DONE_NOTICES = {
  session_ended: "The session was ended.",
  signed_out_everywhere: "Every session ended and the account was signed out everywhere.",
  token_revoked: "The publish token was revoked.",
  notice_handled: "The notice is marked handled.",
  room_paused: "The room is paused; only an operator lifts this pause.",
  room_resumed: "The room's pause is lifted.",
  room_closed: "The room is closed; its seats were told why.",
} as const;

export function doneNotice(code: string | undefined): string | null {
  return code !== undefined && Object.hasOwn(DONE_NOTICES, code)
    ? DONE_NOTICES[code as keyof typeof DONE_NOTICES]
    : null;
}

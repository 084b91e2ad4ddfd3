// What the dev reCAPTCHA widget (api.js, in the page) and its frame ({IDP_URL}/recaptcha/frame)
// say to each other with postMessage, as Google's widget talks to its anchor frame. Each side
// checks where a message came from before it reads it; these only check its shape.

/** The frame's script is running and listens for requests. */
export interface FrameReady {
  type: "dev-recaptcha:ready";
}

/** The widget asks for a response token; `id` pairs the answer with this request. */
export interface ExecuteRequest {
  type: "dev-recaptcha:execute";
  id: number;
}

/** The frame's answer: a response token, or why there is none (`message` is shown in the badge). */
export type ExecuteAnswer =
  | { type: "dev-recaptcha:token"; id: number; token: string }
  | { type: "dev-recaptcha:error"; id: number; message: string | null };

export type FrameMessage = FrameReady | ExecuteAnswer;

const isRecord = (data: unknown): data is Record<string, unknown> => typeof data === "object" && data !== null;
const isId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;

/** A message the frame sends to the widget, or null when `data` is none. */
export function frameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data)) return null;
  if (data.type === "dev-recaptcha:ready") return { type: data.type };
  if (!isId(data.id)) return null;
  if (data.type === "dev-recaptcha:token" && typeof data.token === "string" && data.token !== "") {
    return { type: data.type, id: data.id, token: data.token };
  }
  if (data.type === "dev-recaptcha:error") {
    return { type: data.type, id: data.id, message: typeof data.message === "string" ? data.message : null };
  }
  return null;
}

/** A request the widget sends to the frame, or null when `data` is none. */
export function executeRequest(data: unknown): ExecuteRequest | null {
  if (!isRecord(data) || data.type !== "dev-recaptcha:execute" || !isId(data.id)) return null;
  return { type: data.type, id: data.id };
}

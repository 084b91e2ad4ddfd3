// The inspector's acts (dev only, docs/authoring.md "Inspector"): edit the state as JSON and apply
// it, run an action or a server action as any seat with a payload, fire a pending deadline now.
// Each is one POST to the room's inspect route (workers/rooms/routes/dev-rooms.ts) through the
// harness server; the room checks it, runs it on its turn and sends every seat the change, and the
// log shows it as the operator's.
import { useState } from "preact/hooks";
import type { RoomView } from "../../src/room-core/journal";

export interface ActTarget {
  revisionId: string;
  roomId: string;
}

type Act =
  | { act: "edit_state"; state: unknown }
  | { act: "run_action"; seat: string; action: string; payload: Record<string, unknown> }
  | { act: "fire_deadline"; name: string };

/** What the room answered: done, or why not (its `error` code and message). */
export type ActAnswer = { ok: true } | { ok: false; message: string };

/** Sends one act to the room. */
export async function sendAct({ revisionId, roomId }: ActTarget, act: Act): Promise<ActAnswer> {
  const url = `/rooms/dev/rooms/${encodeURIComponent(revisionId)}/${encodeURIComponent(roomId)}/inspect`;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(act),
    });
    if (res.ok) return { ok: true };
    const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
    return { ok: false, message: body?.message ? `${body.error}: ${body.message}` : `the room answered ${res.status}` };
  } catch (error) {
    return { ok: false, message: `the room did not answer: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** What the last act came to, as the panel says it. */
export interface ActReport {
  text: string;
  failed: boolean;
}

/**
 * The acts' shared state: the last answer, `report(what)` to record one, and `fire(name)` for the
 * fire-now buttons of the inspector's deadline list.
 */
export function useActs(target: ActTarget) {
  const [answer, setAnswer] = useState<ActReport | null>(null);
  const report = (what: string) => (result: ActAnswer) =>
    setAnswer(
      result.ok ? { text: `${what}: done`, failed: false } : { text: `${what}: ${result.message}`, failed: true },
    );
  const fire = (name: string) => void sendAct(target, { act: "fire_deadline", name }).then(report(`Fire ${name}`));
  return { answer, report, fire };
}

/** The panel: what the last act came to, the state editor, the action runner. */
export function InspectorActs({
  room,
  target,
  answer,
  report,
}: {
  room: RoomView;
  target: ActTarget;
  answer: ActReport | null;
  report: (what: string) => (answer: ActAnswer) => void;
}) {
  return (
    <section class="acts" aria-labelledby="acts-title">
      <h2 id="acts-title">Act on the room</h2>
      <p class="muted">Dev only. Every seat gets the change; the log shows it as the operator's.</p>
      <p data-testid="act-answer" role="status" class={answer?.failed ? "act-failed" : ""}>
        {answer?.text ?? ""}
      </p>
      <StateEditor room={room} target={target} report={report("Edit state")} />
      <ActionRunner room={room} target={target} report={report} />
    </section>
  );
}

function StateEditor({
  room,
  target,
  report,
}: {
  room: RoomView;
  target: ActTarget;
  report: (answer: ActAnswer) => void;
}) {
  // A copy of the state as it was when the editor opened: the live one may move on meanwhile.
  const [text, setText] = useState<string | null>(null);
  if (text === null) {
    return (
      <button type="button" onClick={() => setText(JSON.stringify(room.state, null, 2))}>
        Edit state
      </button>
    );
  }
  const apply = async () => {
    let state: unknown;
    try {
      state = JSON.parse(text);
    } catch (error) {
      report({ ok: false, message: `not JSON (${error instanceof Error ? error.message : String(error)})` });
      return;
    }
    const answer = await sendAct(target, { act: "edit_state", state });
    report(answer);
    if (answer.ok) setText(null);
  };
  return (
    <div class="state-editor">
      <label>
        State (JSON)
        <textarea
          data-testid="state-editor"
          rows={10}
          spellcheck={false}
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </label>
      <button type="button" onClick={() => void apply()}>
        Apply state
      </button>{" "}
      <button type="button" onClick={() => setText(null)}>
        Cancel
      </button>
    </div>
  );
}

function ActionRunner({
  room,
  target,
  report,
}: {
  room: RoomView;
  target: ActTarget;
  report: (what: string) => (answer: ActAnswer) => void;
}) {
  const seats = room.roster?.map((seat) => seat.id) ?? [];
  const actions = room.game?.actions ?? [];
  // A name in both lists is one action with a server part: it is listed once, under actions.
  const serverOnly = (room.game?.serverActions ?? []).filter((name) => !actions.includes(name));
  const [seat, setSeat] = useState("");
  const [action, setAction] = useState("");
  const [payload, setPayload] = useState("{}");
  const chosenSeat = seat || seats[0] || "";
  const chosenAction = action || actions[0] || serverOnly[0] || "";
  const run = async () => {
    const what = `${chosenAction} as ${chosenSeat}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload || "{}");
    } catch (error) {
      report(what)({
        ok: false,
        message: `payload not JSON (${error instanceof Error ? error.message : String(error)})`,
      });
      return;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      report(what)({ ok: false, message: "the payload must be a JSON object" });
      return;
    }
    const act = { act: "run_action", seat: chosenSeat, action: chosenAction, payload: parsed } as const;
    report(what)(await sendAct(target, act as Act));
  };
  return (
    <form
      class="action-runner"
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <h3>Run an action</h3>
      <label>
        As seat{" "}
        <select data-testid="act-seat" value={chosenSeat} onChange={(event) => setSeat(event.currentTarget.value)}>
          {seats.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        Action{" "}
        <select data-testid="act-name" value={chosenAction} onChange={(event) => setAction(event.currentTarget.value)}>
          <optgroup label="actions">
            {actions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </optgroup>
          {serverOnly.length > 0 ? (
            <optgroup label="server actions">
              {serverOnly.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </label>
      <label>
        Payload (JSON)
        <textarea
          data-testid="act-payload"
          rows={3}
          spellcheck={false}
          value={payload}
          onInput={(event) => setPayload(event.currentTarget.value)}
        />
      </label>
      <button type="submit" disabled={!chosenSeat || !chosenAction}>
        Run
      </button>
    </form>
  );
}

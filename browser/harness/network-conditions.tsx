// Each seat's network in the harness: its condition in the seat's caption ("300 ms added",
// "offline 4 s") and, under it, the controls that change it (added latency 0/100/300 ms or
// custom, drop the connection, offline for N seconds). The harness server applies them in its
// WebSocket pass-through (tools/cli/net/) and tells every harness page with a `conditions` event.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import {
  type ConditionChange,
  LATENCY_PRESETS_MS,
  MAX_LATENCY_MS,
  MAX_OFFLINE_SECONDS,
  type NetworkSnapshot,
  type SeatNetwork,
} from "../../src/page-configs/network-conditions";

let snapshot: NetworkSnapshot = { seats: {} };
/** When `snapshot` arrived (performance.now()), so an offline countdown runs on between events. */
let receivedAt = 0;
const mounted = new Map<string, { status: HTMLElement; controls: HTMLElement }>();

const NORMAL: SeatNetwork = { latencyMs: 0, offlineMsLeft: 0, connections: 1, delayedChunks: 0 };

/** Keeps every seat's network current: now, and after each change the server announces. */
export function watchNetworkConditions(events: EventSource): void {
  events.addEventListener("conditions", (event) => show(JSON.parse((event as MessageEvent<string>).data)));
  void fetch("/harness/conditions")
    .then((res) => (res.ok ? res.json() : null))
    .then((body) => body && show(body as NetworkSnapshot))
    .catch(() => {});
}

/** Gives a seat's figure its network line and controls; returns the figure. */
export function withSeatNetwork(figure: HTMLElement, seatId: string): HTMLElement {
  figure.dataset.seat = seatId;
  const status = document.createElement("span");
  status.className = "net-status";
  figure.querySelector("figcaption")?.append(status);
  const controls = document.createElement("div");
  controls.className = "seat-network";
  figure.querySelector("figcaption")?.after(controls);
  const before = mounted.get(seatId);
  if (before) {
    render(null, before.status);
    render(null, before.controls);
  }
  mounted.set(seatId, { status, controls });
  draw(seatId);
  return figure;
}

function show(next: NetworkSnapshot) {
  snapshot = next;
  receivedAt = performance.now();
  for (const seatId of mounted.keys()) draw(seatId);
}

function draw(seatId: string) {
  const at = mounted.get(seatId);
  if (!at) return;
  const seat = snapshot.seats[seatId] ?? NORMAL;
  render(<SeatStatus seat={seat} since={receivedAt} />, at.status);
  render(<SeatControls seatId={seatId} seat={seat} />, at.controls);
}

/** How a seat's frame names its network ("300 ms added · offline 4 s"); empty when nothing is changed. */
function describeSeatNetwork(seat: SeatNetwork, offlineMsLeft: number = seat.offlineMsLeft): string {
  const parts: string[] = [];
  if (seat.latencyMs > 0) parts.push(`${seat.latencyMs} ms added`);
  if (offlineMsLeft > 0) parts.push(`offline ${Math.ceil(offlineMsLeft / 1000)} s`);
  else if (seat.connections === 0) parts.push("not connected");
  return parts.join(" · ");
}

function SeatStatus({ seat, since }: { seat: SeatNetwork; since: number }) {
  const [, setNow] = useState(0);
  // The offline countdown runs on the page; the server's event ends it.
  useEffect(() => {
    if (seat.offlineMsLeft <= 0) return;
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, [seat, since]);
  const left = seat.offlineMsLeft > 0 ? Math.max(1, seat.offlineMsLeft - (performance.now() - since)) : 0;
  const text = describeSeatNetwork(seat, left);
  return (
    <span data-testid="net-status" class={text ? "disturbed" : undefined}>
      {text ? ` · ${text}` : ""}
    </span>
  );
}

function SeatControls({ seatId, seat }: { seatId: string; seat: SeatNetwork }) {
  const [message, setMessage] = useState("");
  const change = async (body: ConditionChange | Record<string, unknown>, done: string) => {
    setMessage("");
    try {
      const res = await fetch(`/harness/conditions/${encodeURIComponent(seatId)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as NetworkSnapshot | { error: string; message: string };
      if ("seats" in answer) {
        show(answer);
        setMessage(done);
      } else setMessage(answer.message);
    } catch {
      setMessage("The harness server did not answer");
    }
  };
  return (
    <details class="net-controls">
      <summary>Network</summary>
      <fieldset class="net-group" aria-label={`Network conditions of seat ${seatId}`}>
        <fieldset>
          <legend>Added latency (round trip)</legend>
          {LATENCY_PRESETS_MS.map((ms) => (
            <button
              key={ms}
              type="button"
              aria-pressed={seat.latencyMs === ms}
              onClick={() => change({ kind: "latency", ms }, `latency ${ms} ms`)}
            >
              {ms} ms
            </button>
          ))}
          <NumberForm
            id={`net-custom-${seatId}`}
            label="Custom (ms)"
            min={0}
            max={MAX_LATENCY_MS}
            initial=""
            submit="Set"
            onSubmit={(ms, text) => change({ kind: "latency", ms }, `latency ${text} ms`)}
          />
        </fieldset>
        <div class="net-row">
          <button type="button" onClick={() => change({ kind: "drop" }, "connection dropped; the game reconnects")}>
            Drop connection
          </button>
        </div>
        <NumberForm
          id={`net-offline-${seatId}`}
          label="Offline for (s)"
          min={1}
          max={MAX_OFFLINE_SECONDS}
          initial="5"
          submit="Go offline"
          onSubmit={(seconds, text) => change({ kind: "offline", seconds }, `offline for ${text} s`)}
        />
        <p class="net-message" role="status" data-testid="net-message">
          {message}
        </p>
      </fieldset>
    </details>
  );
}

interface NumberFormProps {
  id: string;
  label: string;
  min: number;
  max: number;
  initial: string;
  submit: string;
  /** The value as typed (null when empty): the server judges it and says what is wrong. */
  onSubmit: (value: number | null, text: string) => void;
}

/** A labelled whole-number field and its button; Enter in the field submits too. */
function NumberForm({ id, label, min, max, initial, submit, onSubmit }: NumberFormProps) {
  const [text, setText] = useState(initial);
  return (
    <form
      class="net-row"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(text.trim() === "" ? null : Number(text), text.trim());
      }}
    >
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={text}
        onInput={(event) => setText(event.currentTarget.value)}
      />
      <button type="submit">{submit}</button>
    </form>
  );
}

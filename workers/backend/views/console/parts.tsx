import type { Child } from "hono/jsx";
import { REASON_MAX, REASON_MIN } from "../../console/operator-actions";

/** A time as the console writes it: UTC to the second, machine-readable in `datetime`. */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

export function When(props: { at: number | Date | null | undefined; empty?: string }) {
  if (props.at === null || props.at === undefined) return <span>{props.empty ?? "never"}</span>;
  const ms = props.at instanceof Date ? props.at.getTime() : props.at;
  return <time datetime={new Date(ms).toISOString()}>{formatTime(ms)}</time>;
}

/** The sign-in's CSRF token, in every form of the console. */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name="csrf" value={props.token} />;
}

/** The reason every action needs, typed by the operator; it goes on the audit trail. */
export function ReasonField(props: { id: string; label?: string; name?: string }) {
  return (
    <p class="field">
      <label for={props.id}>{props.label ?? "Reason (required, on the audit trail)"}</label>
      <input
        id={props.id}
        name={props.name ?? "reason"}
        required
        minlength={REASON_MIN}
        maxlength={REASON_MAX}
        autocomplete="off"
      />
    </p>
  );
}

/** A wide table that scrolls sideways on a phone; the region takes the keyboard focus so it can be scrolled. */
export function ScrollTable(props: { label: string; children: Child }) {
  return (
    <section class="table-scroll" aria-label={props.label} tabindex={0}>
      {props.children}
    </section>
  );
}

export function Section(props: { id: string; title: string; children: Child }) {
  return (
    <section class="panel" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** A short uid, email or id kept on one line where it fits, broken anywhere where it does not. */
export function Code(props: { children: Child }) {
  return <code class="id">{props.children}</code>;
}

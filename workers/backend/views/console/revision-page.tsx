import type { RoomForOperator } from "../../../../src/app-ports/operator-rooms";
import type { Operator } from "../../console/console-env";
import { CLOSE_MESSAGE_MAX } from "../../console/operator-actions";
import type { RevisionFile, RevisionRow, RoomWithState } from "../../console/room-list";
import { ConsoleLayout, type ConsoleLinks } from "./console-layout";
import { Code, CsrfField, ReasonField, ScrollTable, Section, When } from "./parts";
import { filesText } from "./rooms-page";

/** One revision: what was published, its files, its rooms now, and the pause and close of a room. */
export function RevisionPage(props: {
  links: ConsoleLinks;
  operator: Operator;
  revision: RevisionRow;
  files: RevisionFile[];
  rooms: RoomWithState[];
  pauseAction: string;
  closeAction: string;
  notice: string | null;
}) {
  const { links, operator, revision } = props;
  const actionable = props.rooms.filter((room) => room.state !== null && !room.state.closed);
  return (
    <ConsoleLayout
      title={`Revision ${revision.id}`}
      section="rooms"
      links={links}
      operator={operator}
      notice={props.notice}
    >
      <Section id="revision" title="Published">
        <dl class="facts">
          <dt>Scenario</dt>
          <dd>
            <Code>{revision.scenarioId}</Code>
            {revision.name ? ` (${revision.name})` : ""}
          </dd>
          <dt>Publisher</dt>
          <dd>
            <a href={links.user(revision.uploaderUid)}>
              <Code>{revision.uploaderUid}</Code>
            </a>
          </dd>
          <dt>Published</dt>
          <dd>
            <When at={revision.createdAt} />
          </dd>
          <dt>Players</dt>
          <dd>{revision.playerCount ?? "not set"}</dd>
          <dt>Files</dt>
          <dd>{filesText(revision)}</dd>
        </dl>
        {props.files.length > 0 && (
          <ScrollTable label="Files">
            <table>
              <caption>Files served</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Bytes</th>
                </tr>
              </thead>
              <tbody>
                {props.files.map((file) => (
                  <tr>
                    <td>
                      <Code>{file.path}</Code>
                    </td>
                    <td>{file.bytes.toLocaleString("en")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </Section>
      <Section id="rooms" title="Rooms">
        {props.rooms.length === 0 ? (
          <p>No room of this revision is recorded.</p>
        ) : (
          <ScrollTable label="Rooms">
            <table aria-labelledby="rooms">
              <thead>
                <tr>
                  <th scope="col">Room</th>
                  <th scope="col">Made by</th>
                  <th scope="col">State</th>
                  <th scope="col">Seats present</th>
                  <th scope="col">Last activity</th>
                </tr>
              </thead>
              <tbody>
                {props.rooms.map(({ record, state }) => (
                  <tr>
                    <td>
                      <Code>{record.roomId}</Code>
                    </td>
                    <td>
                      {record.lobby ? "lobby, " : "an app, "}
                      <a href={links.user(record.creatorUid)}>
                        <Code>{record.creatorUid}</Code>
                      </a>{" "}
                      <When at={record.createdAt} />
                    </td>
                    <td>{stateText(state)}</td>
                    <td>{state ? seatsText(state) : "none"}</td>
                    <td>
                      <When at={state?.lastActivityAt ?? null} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
        {actionable.length > 0 && (
          <>
            <form method="post" action={props.pauseAction} class="action">
              <h3>Pause or resume a room</h3>
              <p>
                An operator's pause stops the room's game clock for everyone (document 3's platform pause); its seats
                cannot lift it.
              </p>
              <CsrfField token={operator.csrf} />
              <RoomSelect id="pause-room" rooms={actionable} />
              <fieldset>
                <legend>Do</legend>
                <label>
                  <input type="radio" name="pause" value="1" required /> Pause
                </label>
                <label>
                  <input type="radio" name="pause" value="0" /> Lift the pause
                </label>
              </fieldset>
              <ReasonField id="pause-reason" />
              <button type="submit">Apply</button>
            </form>
            <form method="post" action={props.closeAction} class="action">
              <h3>Close a room</h3>
              <p>Its seats see the message, their connections close, and the room takes no connection again.</p>
              <CsrfField token={operator.csrf} />
              <RoomSelect id="close-room" rooms={actionable} />
              <p class="field">
                <label for="close-message">Message to its seats (required)</label>
                <input
                  id="close-message"
                  name="message"
                  required
                  minlength={3}
                  maxlength={CLOSE_MESSAGE_MAX}
                  autocomplete="off"
                />
              </p>
              <ReasonField id="close-reason" />
              <button type="submit" class="danger">
                Close the room
              </button>
            </form>
          </>
        )}
      </Section>
    </ConsoleLayout>
  );
}

function RoomSelect(props: { id: string; rooms: RoomWithState[] }) {
  return (
    <p class="field">
      <label for={props.id}>Room</label>
      <select id={props.id} name="room" required>
        {props.rooms.map(({ record, state }) => (
          <option value={record.roomId}>
            {record.roomId} ({state ? stateText(state) : "never opened"})
          </option>
        ))}
      </select>
    </p>
  );
}

function stateText(state: RoomForOperator | null): string {
  if (!state) return "never opened";
  if (state.closed) return `closed: ${state.closed.message}`;
  if (state.paused) return state.paused.operator ? "paused by an operator" : `paused by seat ${state.paused.by}`;
  if (!state.started) return "waiting to start";
  return state.frozen ? "open, nobody present" : "open, running";
}

function seatsText(state: RoomForOperator): string {
  const present = state.seatsOnline.length > 0 ? ` (${state.seatsOnline.join(", ")})` : "";
  return `${state.seatsOnline.length} of ${state.seats.length}${present}; ${state.connections} connection${state.connections === 1 ? "" : "s"}`;
}

// The harness's "Save replay" button (docs/authoring.md "Replays"): downloads the room's replay, a
// file `scenario replay <dir> <file>` runs again with the logic as it is then. It reads the rooms'
// dev-only replay route (workers/rooms/routes/dev-rooms.ts) through the harness server.
import { useState } from "preact/hooks";

export interface ReplaySource {
  revisionId: string;
  roomId: string;
}

/** Where the harness reads a room's replay, and the name the file is saved under. */
export function replayFile({ revisionId, roomId }: ReplaySource): { url: string; name: string } {
  const url = `/rooms/dev/rooms/${encodeURIComponent(revisionId)}/${encodeURIComponent(roomId)}/replay`;
  return { url, name: `replay-${revisionId}-${roomId}.json`.replace(/[^A-Za-z0-9._-]/g, "_") };
}

/** How long a saved file's object URL outlives the click that started its download. */
const OBJECT_URL_MS = 10_000;

export function SaveReplay({ source }: { source: ReplaySource }) {
  const [status, setStatus] = useState("");
  const save = async () => {
    const { url, name } = replayFile(source);
    setStatus("Saving…");
    let res: Response;
    try {
      res = await fetch(url);
    } catch {
      setStatus("Could not save the replay: the local rooms did not answer");
      return;
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      setStatus(`Could not save the replay: ${body?.message ?? `status ${res.status}`}`);
      return;
    }
    const href = URL.createObjectURL(await res.blob());
    const link = document.createElement("a");
    link.href = href;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_MS);
    setStatus(`Saved ${name}; npx scenario replay <dir> <file> runs it again`);
  };
  return (
    <p class="save-replay">
      <button type="button" onClick={() => void save()}>
        Save replay
      </button>{" "}
      <span role="status" data-testid="replay-status">
        {status}
      </span>
    </p>
  );
}

import type { PlayableRevision, SeatLink } from "./seat-links";

/** The lobby of a published game: the room's links, one per seat, and a way to a new room. */
export function LobbyPage(props: { revision: PlayableRevision; roomId: string | null; links: SeatLink[] }) {
  const title = props.revision.name ?? props.revision.id;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${title} · play`}</title>
      </head>
      <body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
        <h1>{title}</h1>
        <p>
          Revision <code>{props.revision.id}</code>
        </p>
        {props.roomId ? (
          <>
            <p>
              Room <code data-testid="room-id">{props.roomId}</code>: open one link per player (send the others theirs).
            </p>
            <ul>
              {props.links.map((link) => (
                <li>
                  <a href={link.url} data-seat-kind={link.kind} target="_blank" rel="noopener">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
            <p>
              <a href="?new=1">Create another room</a>
            </p>
          </>
        ) : (
          <ul>
            {props.links.map((link) => (
              <li>
                <a href={link.url} data-seat-kind={link.kind}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </body>
    </html>
  );
}

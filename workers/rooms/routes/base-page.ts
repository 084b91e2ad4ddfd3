import { urlFor } from "../../../src/base-url";
import { type BasePageSection, basePageRoutes } from "../../../src/worker-kit/pages/base-page";
import type { RoomsEnv } from "../rooms-ports";

/** How many published revisions the dev base page links. */
const LISTED_REVISIONS = 10;

/**
 * GET {ROOMS_URL}/ for a browser: where games are played. In dev also the revisions published on
 * this machine (their play links) and the rooms' dev tools; stg and prd list no revision, since a
 * play link is for the people its author sends it to.
 */
export const basePageRoute = basePageRoutes<RoomsEnv>(async (c) => {
  const config = c.get("config");
  const rooms = config.apps.rooms;
  const dev = config.environment === "dev";
  const published: BasePageSection[] = dev
    ? [
        {
          heading: "Published on this machine (dev only)",
          entries: (await c.get("ports").revisions(c.env).recent(LISTED_REVISIONS)).map((revision) => ({
            label: revision.name ?? revision.scenarioId,
            href: urlFor(rooms, `/play/${revision.id}/`),
            note: `Play link of revision ${revision.id}`,
          })),
          empty: `Nothing is published yet. Create a token at ${urlFor(config.apps.auth, "/publish-tokens")}, then run the npx scenario login line it shows and npx scenario publish.`,
        },
        {
          heading: "Room tools (dev only)",
          entries: [
            {
              label: "A room's figures",
              pattern: urlFor(rooms, "/dev/rooms/{revisionId}/{roomId}/stats"),
              note: "Beside it, /observe (its journal as server-sent events) and /replay (its replay file); npx scenario dev shows both in its harness.",
            },
          ],
        },
      ]
    : [];
  return {
    lang: "en",
    title: "Multiplayer rooms",
    intro: "Where published games are played: the pages that seat players, and each game's rooms.",
    assetsUrl: urlFor(rooms, "/assets"),
    sections: [
      {
        heading: "Pages",
        entries: [
          {
            label: "Play link",
            pattern: urlFor(rooms, "/play/{revisionId}/"),
            note: "The link npx scenario publish prints: everyone who opens it signs in and is seated in an open room of that game.",
          },
          {
            label: "Private room",
            pattern: urlFor(rooms, "/lobby/{revisionId}/?private=1"),
            note: "A new room that only its own link reaches, for the players you send it to.",
          },
        ],
      },
      ...published,
      {
        heading: "For programs",
        entries: [
          { label: "Game client SDK", href: urlFor(rooms, "/sdk.js"), note: "What game pages import." },
          {
            label: "A seat's connection",
            pattern: urlFor(rooms, "/ws/games/{revisionId}/{roomId}").replace(/^http/, "ws"),
            note: "A WebSocket, with the seat's ticket.",
          },
          { label: "Service status", href: urlFor(rooms, "/health"), note: "JSON, for monitoring." },
        ],
      },
    ],
  };
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isPublishedGameFile } from "../../src/auth/published-files";
import { checkRedirectUri, redirectPolicyFor } from "../../src/auth/redirect-uri";
import { parseConfig } from "../../src/config";
import { matchOptionsFor } from "../../src/router";
import { lobbyUrl } from "../../workers/rooms/play/lobby-urls";
import { gamePageUrl } from "../../workers/rooms/play/seat-links";
import { deployedVarsOf } from "../support/wrangler-vars";

const toml = readFileSync(path.join(import.meta.dirname, "../../wrangler.toml"), "utf8");

const SECRETS = {
  IDP_SERVICE_ACCOUNT: JSON.stringify({
    client_email: "idp@example.iam.gserviceaccount.com",
    private_key: "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n",
  }),
  ROOM_TICKET_SECRET: "x".repeat(32),
};

describe.each(["vars", "env.stg.vars", "env.prd.vars"])("wrangler.toml [%s]", (table) => {
  const config = parseConfig({ ...deployedVarsOf(toml, table), ...SECRETS });
  const policy = redirectPolicyFor(config.environment, config.auth);
  const room = { roomId: "room-1a2b3c4d", key: "k".repeat(22) };
  const routing = matchOptionsFor(config.environment);

  it("lets the game lobby be a sign-in target: the allow-list takes it and it is outside /play/", () => {
    const lobby = lobbyUrl(config.apps.rooms, "game-0123456789abcdef", room);
    const check = checkRedirectUri(lobby, policy);
    expect(check.ok, check.ok ? "" : check.reason).toBe(true);
    expect(isPublishedGameFile(new URL(lobby), config.apps.rooms, routing)).toBe(false);
  });

  it("keeps the game pages under /play/, which are never a sign-in target", () => {
    const game = gamePageUrl(config.apps.rooms, "game-0123456789abcdef");
    expect(isPublishedGameFile(new URL(game), config.apps.rooms, routing)).toBe(true);
    expect(isPublishedGameFile(new URL(game.replace("/play/", "/%70lay/")), config.apps.rooms, routing)).toBe(true);
  });

  it("compares the origin as the router does: the loopback names are one rooms origin in dev only", () => {
    const rooms = new URL(gamePageUrl(config.apps.rooms, "game-0123456789abcdef"));
    for (const host of ["127.0.0.1", "[::1]", "localhost"].filter((name) => name !== rooms.hostname)) {
      const aliased = new URL(rooms.href.replace(rooms.hostname, host));
      expect(isPublishedGameFile(aliased, config.apps.rooms, routing)).toBe(
        config.environment === "dev" && rooms.hostname === "localhost",
      );
    }
  });
});

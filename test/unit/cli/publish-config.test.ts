import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { CODE_LIMITS } from "../../../src/publishing/limits";
import { ClientFilesError, zipClient } from "../../../tools/cli/client-zip";
import { publishTarget, writeConfig } from "../../../tools/cli/publish-config";

const temp = () => mkdtempSync(path.join(tmpdir(), "publish-unit-"));

describe("where scenario publish finds its token and the platform", () => {
  it("takes flags over the environment over the config file over the local platform", () => {
    const file = path.join(temp(), "config.json");
    writeConfig(file, { token: "sgpt_from_file", authUrl: "https://auth.file", apiUrl: "https://api.file/" });
    const fromFile = publishTarget({}, { SCENARIO_CONFIG: file });
    expect(fromFile).toEqual({
      token: "sgpt_from_file",
      tokenSource: file,
      authUrl: "https://auth.file",
      apiUrl: "https://api.file",
    });
    const fromEnv = publishTarget(
      { apiUrl: "https://api.flag" },
      { SCENARIO_CONFIG: file, SCENARIO_PUBLISH_TOKEN: "sgpt_env", SCENARIO_AUTH_URL: "https://auth.env" },
    );
    expect(fromEnv).toMatchObject({ token: "sgpt_env", authUrl: "https://auth.env", apiUrl: "https://api.flag" });
    const nothing = publishTarget({}, { SCENARIO_CONFIG: path.join(temp(), "none.json") });
    expect(nothing).toMatchObject({
      token: null,
      authUrl: "http://localhost:8787/auth",
      apiUrl: "http://localhost:8787/backend",
    });
  });

  it("writes the config readable by its owner only", () => {
    const file = path.join(temp(), "nested", "config.json");
    writeConfig(file, { token: "sgpt_x" });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ token: "sgpt_x" });
  });
});

describe("the client zip", () => {
  it("holds every file of the client folder by relative path, without dotfiles and node_modules", () => {
    const dir = temp();
    writeFileSync(path.join(dir, "index.html"), "<p>hi</p>");
    mkdirSync(path.join(dir, "art"));
    writeFileSync(path.join(dir, "art", "logo.svg"), "<svg/>");
    writeFileSync(path.join(dir, ".env"), "SECRET=1");
    mkdirSync(path.join(dir, "node_modules"));
    writeFileSync(path.join(dir, "node_modules", "x.js"), "x");
    const { zip, files } = zipClient(dir);
    expect(files).toBe(2);
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(["art/logo.svg", "index.html"]);
  });

  it("refuses a file over the platform's per-file limit before zipping, naming it", () => {
    const dir = temp();
    writeFileSync(path.join(dir, "index.html"), "<p>hi</p>");
    writeFileSync(path.join(dir, "movie.mp4"), new Uint8Array(CODE_LIMITS.clientFileBytes + 1));
    expect(() => zipClient(dir)).toThrow(/movie\.mp4 is \d+ bytes; at most \d+ can be published per file/);
  });

  it("refuses a client folder without index.html, or a missing folder", () => {
    const dir = temp();
    writeFileSync(path.join(dir, "game.html"), "x");
    expect(() => zipClient(dir)).toThrow(ClientFilesError);
    expect(() => zipClient(path.join(dir, "missing"))).toThrow(/does not exist/);
  });
});

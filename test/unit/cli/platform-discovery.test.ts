/**
 * `scenario login --platform <url>`: the CLI asks the platform where its apps are and saves what
 * it says; a wrong address is a message saying what to check, and no config is written.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "./run-cli.ts";

const TOKEN = `sgpt_${"a".repeat(43)}`;
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/.well-known/scenario-platform") {
      const base = `http://localhost:${(server.address() as AddressInfo).port}`;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          authUrl: `${base}/auth`,
          apiUrl: `${base}/backend`,
          roomsUrl: `${base}/rooms`,
          storeUrl: `${base}/store`,
        }),
      );
      return;
    }
    response.writeHead(404, { "content-type": "application/json" });
    response.end('{"error":"no_app","message":"No app"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A config file of the test's own, and no URL from the environment. */
function freshConfig(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "discovery-")), "config.json");
  vi.stubEnv("SCENARIO_CONFIG", file);
  vi.stubEnv("SCENARIO_AUTH_URL", "");
  vi.stubEnv("SCENARIO_API_URL", "");
  return file;
}

describe("scenario login --platform", () => {
  it("saves the sign-in service and backend the platform names, and says where publish will go", async () => {
    const file = freshConfig();
    const port = new URL(origin).port;
    const result = await runCli(["login", "--token", TOKEN, "--platform", `${origin}/any/path`]);
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      token: TOKEN,
      authUrl: `http://localhost:${port}/auth`,
      apiUrl: `http://localhost:${port}/backend`,
    });
    expect(result.err).toContain(
      `signs in at http://localhost:${port}/auth and uploads to http://localhost:${port}/backend`,
    );
  });

  it("keeps --auth-url and --api-url over what the platform says", async () => {
    const file = freshConfig();
    const result = await runCli(["login", "--token", TOKEN, "--platform", origin, "--api-url", "https://api.example"]);
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ apiUrl: "https://api.example" });
  });

  it("refuses an address that is no platform, one nothing answers, and one that is no URL, saving nothing", async () => {
    const file = freshConfig();
    const strange = createServer((_, response) => response.end("<p>hello</p>"));
    await new Promise<void>((resolve) => strange.listen(0, "127.0.0.1", resolve));
    const strangeOrigin = `http://127.0.0.1:${(strange.address() as AddressInfo).port}`;
    const refused = await runCli(["login", "--token", TOKEN, "--platform", strangeOrigin]);
    await new Promise<void>((resolve) => strange.close(() => resolve()));
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${strangeOrigin} does not say where its apps are`);

    const nobody = await runCli(["login", "--token", TOKEN, "--platform", "http://127.0.0.1:9"]);
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain("could not reach http://127.0.0.1:9");
    expect(nobody.err).toContain("Is the platform running there?");

    const notUrl = await runCli(["login", "--token", TOKEN, "--platform", "localhost:8795"]);
    expect(notUrl.code).toBe(1);
    expect(notUrl.err).toContain("--platform must be the platform's http(s) URL");
    expect(existsSync(file)).toBe(false);
  });

  it("checks the token before it asks the platform anything", async () => {
    freshConfig();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const result = await runCli(["login", "--token", "not-a-token", "--platform", origin]);
    expect(result.code).toBe(1);
    expect(result.err).toContain("that is not a publish token");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

import { env } from "cloudflare:workers";
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import devBuild from "../../../platform/index";
import { CODE_LIMITS } from "../../../src/publishing/limits";
import { emptyFilesZip } from "../../support/empty-files-zip";
import { newUser } from "../auth-support";
import { putFile, scenarioId, startUpload, zipOf } from "./publish-support";

/** PUTs a client zip to a fresh upload session: its answer, and the keys its revision has in R2 afterwards. */
async function upload(zip: Uint8Array) {
  const { idToken } = await newUser();
  const started = await startUpload(idToken, { scenarioId: scenarioId(), logic: false });
  const res = await putFile(started.clientZip.url, zip);
  const keys = (await env.CODE.list({ prefix: `${started.revisionId}/` })).objects.map((object) => object.key);
  return { res, keys };
}

async function expectRefused(zip: Uint8Array, message: RegExp) {
  const { res, keys } = await upload(zip);
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: "invalid_client_zip", message: expect.stringMatching(message) });
  expect(keys).toEqual([]);
}

describe("a client zip is measured from its end record before any entry is parsed", () => {
  it("refuses the 215,001-entry zip (ZIP64, every entry valid) by the count its end record declares", async () => {
    const zip = emptyFilesZip(215_001);
    expect(zip.byteLength).toBeLessThan(CODE_LIMITS.clientZipBytes);
    await expectRefused(zip, /the zip's directory lists 215001 entries; at most 1000 are read/);
  });

  it("refuses it without parsing an entry: the same end record over a directory a parser would trip on at once", async () => {
    // Any entry parsed would fail as unreadable; the refusal names the count, so none was.
    const zip = emptyFilesZip(215_001, { junkDirectory: true });
    await expectRefused(zip, /the zip's directory lists 215001 entries; at most 1000 are read/);
  });

  it("refuses a central directory over its byte limit, whatever its count", async () => {
    const longName = (index: number) => `${"n".repeat(1100)}-${index}`;
    const zip = emptyFilesZip(950, { name: longName });
    await expectRefused(zip, /the zip's directory takes \d+ bytes; at most 1048576 are read/);
  });

  it("refuses an end record that declares more entries than its directory can hold", async () => {
    await expectRefused(
      emptyFilesZip(10, { declaredEntries: 900 }),
      /directory of \d+ bytes cannot hold the 900 entries it declares/,
    );
  });

  it("refuses an end record that declares fewer entries than its directory holds", async () => {
    await expectRefused(emptyFilesZip(600, { declaredEntries: 3 }), /not a readable zip archive/);
  });
});

/** Production's calls to other services (R2 and D1 among them) per invocation, on Workers Paid: docs/decisions/0121-published-files-cannot-stall-the-worker.md. */
const PRODUCTION_CALLS_PER_INVOCATION = 1000;

/** A binding whose every method call is counted in `calls`: each is a call to another service in production. */
function counted<T extends object>(binding: T, calls: { count: number }): T {
  return new Proxy(binding, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        // A D1 statement is counted when it runs, not when it is prepared or bound.
        if (property === "prepare" || property === "bind") return counted(result, calls);
        calls.count++;
        return result;
      };
    },
  });
}

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

describe("the file limit keeps a PUT's R2 writes under one invocation's calls", () => {
  const files = (count: number) =>
    zipOf({
      "index.html": "<!doctype html><p>game</p>",
      ...Object.fromEntries(Array.from({ length: count - 1 }, (_, i) => [`f/${i}.txt`, strToU8(`file ${i}`)])),
    });

  it(`extracts the largest allowed zip (${CODE_LIMITS.clientFiles} files), replacing one as large, in fewer calls than production allows`, {
    timeout: 120_000,
  }, async () => {
    const { idToken } = await newUser();
    const started = await startUpload(idToken, { scenarioId: scenarioId(), logic: false });
    const calls = { count: 0 };
    const bindings = { ...env, CODE: counted(env.CODE, calls), BACKEND_DB: counted(env.BACKEND_DB, calls) };
    const put = () =>
      devBuild.fetch(
        new Request(started.clientZip.url, { method: "PUT", body: files(CODE_LIMITS.clientFiles) }),
        bindings,
        ctx,
      );
    expect((await put()).status).toBe(200);
    // The second PUT writes as many files and deletes the first one's.
    calls.count = 0;
    const res = await put();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ files: CODE_LIMITS.clientFiles });
    expect(calls.count).toBeGreaterThan(CODE_LIMITS.clientFiles);
    expect(calls.count).toBeLessThan(PRODUCTION_CALLS_PER_INVOCATION);
    const keys = await env.CODE.list({ prefix: `${started.revisionId}/` });
    expect(keys.objects).toHaveLength(CODE_LIMITS.clientFiles);
  });

  it(`refuses a zip of ${CODE_LIMITS.clientFiles + 1} files`, { timeout: 60_000 }, async () => {
    await expectRefused(
      files(CODE_LIMITS.clientFiles + 1),
      new RegExp(`the zip holds ${CODE_LIMITS.clientFiles + 1} files; at most ${CODE_LIMITS.clientFiles} are allowed`),
    );
  });
});

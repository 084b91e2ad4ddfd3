import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_LIMITS } from "../../src/publishing/limits.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { emptyFilesZip } from "../support/empty-files-zip.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";

// Port 8859 belongs to this test.
const PORT = testPort(8859);
const MiB = 1024 * 1024;

let platform: RunningWorker;
let idToken: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  const signUp = await fetch(`${platform.url}/idp/v1/accounts:signUp?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `uploader-${Date.now()}@example.com`,
      password: "correct horse",
      returnSecureToken: true,
    }),
  });
  ({ idToken } = (await signUp.json()) as { idToken: string });
});

afterAll(async () => {
  await platform?.stop();
});

/** The client zip URL of a new upload session (client only). */
async function uploadUrl(): Promise<string> {
  const res = await fetch(`${platform.url}/backend/code/upload_sessions`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: JSON.stringify({ scenarioId: `bounds-${Date.now()}`, logic: false }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { clientZip: { url: string } }).clientZip.url;
}

/** PUTs a client zip over HTTP. */
const put = (url: string, zip: Uint8Array) => fetch(url, { method: "PUT", body: new Uint8Array(zip) });

/**
 * PUTs a zip over HTTP to the one workerd of `wrangler dev` while asking `/auth/health` again and
 * again, one request after the other; answers the PUT's answer and how many health answers came
 * before it. A Worker that keeps the isolate to itself while it unpacks answers none of them.
 */
async function putWithHealthProbe(zip: Uint8Array) {
  const url = await uploadUrl();
  let uploaded = false;
  let healthAnswers = 0;
  const upload = put(url, zip).then(async (res) => {
    uploaded = true;
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  });
  while (!uploaded) {
    const health = await fetch(`${platform.url}/auth/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();
    if (!uploaded) healthAnswers++;
  }
  return { ...(await upload), healthAnswers };
}

describe("published files cannot stall the Worker", () => {
  it("refuses the 20 MB zip of 215,001 entries by the count its end record declares", async () => {
    const zip = emptyFilesZip(215_001);
    const res = await put(await uploadUrl(), zip);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "invalid_client_zip",
      message: expect.stringContaining("the zip's directory lists 215001 entries; at most 1000 are read"),
    });
  });

  it(`answers /auth/health while the largest allowed zip of files unpacks (${CODE_LIMITS.clientFiles} files)`, async () => {
    const files: Record<string, Uint8Array> = { "index.html": strToU8("<!doctype html><p>game</p>") };
    for (let i = 1; i < CODE_LIMITS.clientFiles; i++) files[`assets/${i}.txt`] = strToU8(`file ${i}`);
    const result = await putWithHealthProbe(zipSync(files));
    expect(result).toMatchObject({ status: 200, body: { files: CODE_LIMITS.clientFiles } });
    expect(result.healthAnswers).toBeGreaterThanOrEqual(10);
  });

  it("answers /auth/health while the largest allowed bytes unpack (100 MiB of zeros in a 100 KB zip)", async () => {
    const page = strToU8("<!doctype html><p>game</p>");
    const zeros = Array.from({ length: 4 }, (_, i) => new Uint8Array(i < 3 ? 25 * MiB : 25 * MiB - page.byteLength));
    const zip = zipSync(
      { "index.html": page, ...Object.fromEntries(zeros.map((z, i) => [`z${i}.bin`, z])) },
      { level: 9 },
    );
    expect(zip.byteLength).toBeLessThan(128 * 1024);
    const result = await putWithHealthProbe(zip);
    expect(result).toMatchObject({ status: 200, body: { files: 5 } });
    expect(result.healthAnswers).toBeGreaterThanOrEqual(10);
  });
});

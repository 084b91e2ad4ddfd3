/**
 * `node extract-npm-chromium.ts <bin folder of @sparticuz/chromium>`, run by choose-browser.ts with
 * TMPDIR set to the target folder: the package's own API inflates the browser (with its fonts and
 * SwiftShader) and the NSS, NSPR and expat libraries of al2023.tar.br into os.tmpdir().
 */
import path from "node:path";
import Chromium, { inflate } from "@sparticuz/chromium";

const bin = process.argv[2];
if (!bin) throw new Error("usage: extract-npm-chromium.ts <bin folder of @sparticuz/chromium>");
await Promise.all([Chromium.executablePath(bin), inflate(path.join(bin, "al2023.tar.br"))]);

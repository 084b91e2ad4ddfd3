import { createAuthLog } from "./auth-log";
import { knownIssueOf } from "./known-issues";

// Entry of public/auth/auth-log.js (tools/build/pages.ts): the library as window.authLog, for
// pages of the operator's apps that load it as a plain script. The login page bundles it instead.
(globalThis as unknown as { authLog: unknown }).authLog = { createAuthLog, knownIssueOf };

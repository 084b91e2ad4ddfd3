import { createAuthLog } from "./auth-log";
import { knownIssueOf } from "./known-issues";

// Entry of public/auth/auth-log.js (`npm run gen:auth-log`): the library as window.authLog for
// pages without a build step, such as the login page.
(globalThis as unknown as { authLog: unknown }).authLog = { createAuthLog, knownIssueOf };

import { sameOriginOnly as sameOriginOnlyOf } from "../../src/worker-kit/same-origin";
import type { AuthEnv } from "./auth-env";

/** The sign-in service's cookie-authenticated posts: accepted only from its own pages (src/worker-kit/same-origin.ts). */
export const sameOriginOnly = sameOriginOnlyOf<AuthEnv>("auth", "the sign-in service's own pages");

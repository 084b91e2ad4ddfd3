import { drizzle } from "drizzle-orm/d1";
import * as authSchema from "./auth-schema";
import * as backendSchema from "./backend-schema";

export function authDb(env: Pick<Env, "AUTH_DB">) {
  return drizzle(env.AUTH_DB, { schema: authSchema });
}

export function backendDb(env: Pick<Env, "BACKEND_DB">) {
  return drizzle(env.BACKEND_DB, { schema: backendSchema });
}

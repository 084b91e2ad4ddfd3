import { currentLog } from "../../src/worker-kit/request-log";
import { CodeStore } from "./code/code-store";
import { cleanUpUploads } from "./code/upload-cleanup";

/**
 * The backend's work on the Worker's cron (wrangler.toml `[triggers]`, every 10 minutes): the
 * upload cleanup, as of the time the run was scheduled for, which is its clock.
 */
export async function runBackendSchedule(env: Env, scheduledTime: number): Promise<void> {
  const run = await cleanUpUploads(env.CODE, new CodeStore(env.BACKEND_DB, () => scheduledTime));
  currentLog().info("upload cleanup ran", { ...run });
}

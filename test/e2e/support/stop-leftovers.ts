/**
 * Setup file of every e2e file: after the file's own hooks, stops whatever wrangler dev or
 * `scenario dev` it started and did not stop, e.g. a start its beforeAll gave up on at the hook's
 * timeout (the start went on, and nothing held it to stop). So no process and no bound port
 * outlives a failed file and fails the next one.
 */
import { afterAll } from "vitest";
import { stopAllTrees } from "../../../tools/local-platform/process-tree.ts";

afterAll(stopAllTrees);

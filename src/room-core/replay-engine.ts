/**
 * What the Node tools use of replays (`scenario replay`; a load test reading a replay's actions),
 * in one module: tools/build/replay-engine.ts bundles it for them, since Node does not resolve the
 * extensionless imports of src/ itself.
 */
export { LocalLogicRunner } from "../engine/logic-runner";
export { MAX_REPLAY_FILE_BYTES, parseReplay, ReplayError, replayActions, replayInputs } from "./replay";
export { runReplay } from "./replay-run";

import { z } from "zod";
import type { InspectorAct } from "./inspector-acts";

/** An inspector's act (inspector-acts.ts), checked at the edge (the rooms app's dev route) and when a replay is read. */
export const inspectorActSchema = z.discriminatedUnion("act", [
  z.object({ act: z.literal("edit_state"), state: z.unknown() }),
  z.object({
    act: z.literal("run_action"),
    seat: z.string().min(1).max(64),
    action: z.string().min(1).max(128),
    payload: z.record(z.string(), z.unknown()),
  }),
  z.object({ act: z.literal("fire_deadline"), name: z.string().min(1).max(128) }),
]);

// The schema and the hand-written type must describe the same acts.
const sameShape: z.infer<typeof inspectorActSchema> extends InspectorAct ? true : false = true;
void sameShape;

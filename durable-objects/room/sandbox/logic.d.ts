// Stands for the revision's logic.js, which the room puts beside the engine template at load time.
import type { GameDefinition } from "../../../src/engine/types";

declare const logic: GameDefinition | undefined;
export default logic;

/**
 * Ports of the test and benchmark platforms, moved by TEST_PORT_OFFSET so two checkouts can run
 * their browser tests and benchmarks on one machine at once (each picks its own offset).
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? "0");
if (!Number.isInteger(offset) || offset < 0 || offset > 20_000) {
  throw new Error(`TEST_PORT_OFFSET must be a whole number from 0 to 20000, got ${process.env.TEST_PORT_OFFSET}`);
}

/** The port `base` moved by this checkout's offset. */
export const testPort = (base: number): number => base + offset;

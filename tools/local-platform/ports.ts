/**
 * Ports of the test and benchmark platforms, moved by TEST_PORT_OFFSET so two checkouts can run
 * their browser tests and benchmarks on one machine at once (each picks its own offset).
 *
 * Inside a vitest worker the ports move again by the worker's slot (VITEST_POOL_ID 1, 2, ...:
 * slot 1 keeps them, slot 2 adds 3000), so two e2e files run side by side without sharing a
 * port. The stride stays clear of the offsets checkouts use (below 3000) and of the devtools
 * ports (port + 10000).
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? "0");
if (!Number.isInteger(offset) || offset < 0 || offset > 20_000) {
  throw new Error(`TEST_PORT_OFFSET must be a whole number from 0 to 20000, got ${process.env.TEST_PORT_OFFSET}`);
}
const SLOT_STRIDE = 3_000;
const poolId = Number(process.env.VITEST_POOL_ID ?? "1");
const slot = Number.isInteger(poolId) && poolId >= 1 ? poolId - 1 : 0;

/** The port `base` moved by this checkout's offset and, under vitest, by the worker's slot. */
export const testPort = (base: number): number => base + offset + slot * SLOT_STRIDE;

/**
 * The network a room's sandboxed isolate gets: the egress gate when hosts are allowed; with an
 * empty allow-list, null, which is no network at all (never an open one).
 */
export function sandboxOutbound<Gate>(
  allowedHosts: readonly string[],
  gate: (allowedHosts: string[]) => Gate,
): Gate | null {
  return allowedHosts.length > 0 ? gate([...allowedHosts]) : null;
}

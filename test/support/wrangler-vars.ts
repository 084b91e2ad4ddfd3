/** The string entries of one vars table of wrangler.toml's text ("vars", "env.stg.vars", ...). */
export function varsOf(toml: string, table: string): Record<string, string> {
  const escaped = table.replace(/\./g, "\\.");
  const section = new RegExp(`^\\[${escaped}\\]\\s*$([\\s\\S]*?)^\\[`, "m").exec(toml)?.[1];
  if (section === undefined) throw new Error(`wrangler.toml has no [${table}]`);
  return Object.fromEntries([...section.matchAll(/^([A-Z0-9_]+)\s*=\s*"([^"]*)"\s*$/gm)].map((m) => [m[1], m[2]]));
}

/**
 * The vars of a table as an operator deploys them: each REPLACE_WITH_ placeholder (which the
 * config refuses) filled with a value of the shape a key has ("operator-idp-api-key").
 */
export function deployedVarsOf(toml: string, table: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(varsOf(toml, table)).map(([name, value]) => [
      name,
      value.includes("REPLACE_WITH_") ? `operator-${name.toLowerCase().replaceAll("_", "-")}` : value,
    ]),
  );
}

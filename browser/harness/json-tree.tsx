// A foldable JSON tree of native <details> elements: keyboard reachable as they are, and a
// branch the author opened or closed stays so while the state updates (Preact keeps the element).
const OPEN_DEPTH = 2;
const MAX_CHILDREN = 200;

export function JsonTree({ value, label = "state" }: { value: unknown; label?: string }) {
  return (
    <div class="json-tree" data-testid="json-tree">
      <JsonNode name={label} path={label} value={value} depth={0} />
    </div>
  );
}

/** `path` ("state.board.4") names the node for tests and for the author hovering it. */
function JsonNode({ name, path, value, depth }: { name: string; path: string; value: unknown; depth: number }) {
  if (typeof value !== "object" || value === null) {
    return (
      <div class="json-leaf" data-path={path} title={path}>
        <span class="json-key">{name}: </span>
        <span class={`json-value json-${value === null ? "null" : typeof value}`}>
          {JSON.stringify(value) ?? "undefined"}
        </span>
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const shape = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <details open={depth < OPEN_DEPTH} class="json-branch" data-path={path}>
      <summary>
        <span class="json-key">{name}</span> <span class="json-shape">{shape}</span>
      </summary>
      <div class="json-children">
        {entries.slice(0, MAX_CHILDREN).map(([key, item]) => (
          <JsonNode key={key} name={key} path={`${path}.${key}`} value={item} depth={depth + 1} />
        ))}
        {entries.length > MAX_CHILDREN ? <div class="json-more">… {entries.length - MAX_CHILDREN} more</div> : null}
      </div>
    </details>
  );
}

/**
 * `GET /ops/transfers?tag=…` matching (node-api.md §3.5): the union of equality with the cookie, equality with any
 * string leaf of `tags`, and the documented dotted path (`a.b` exists, or `a.b=value`). The whole value is compared
 * first because DAM cookies contain `.`, `=`, `/` and `,`.
 */
export function matchesTag(
  query: string,
  transfer: { cookie?: string | null; tags?: Record<string, unknown> | null },
): boolean {
  if (transfer.cookie != null && transfer.cookie === query) return true;
  const tags = transfer.tags ?? {};
  if (hasLeaf(tags, query)) return true;
  const equals = query.indexOf('=');
  const path = (equals < 0 ? query : query.slice(0, equals)).split('.');
  let node: unknown = tags;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  if (equals < 0) return true;
  const value = query.slice(equals + 1);
  return (
    (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') &&
    String(node) === value
  );
}

function hasLeaf(node: unknown, value: string): boolean {
  if (typeof node === 'string') return node === value;
  if (typeof node !== 'object' || node === null) return false;
  return Object.values(node).some((child) => hasLeaf(child, value));
}

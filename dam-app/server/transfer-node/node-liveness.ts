import type { NodeEndpoint } from '../config/config.ts';

/** How long a node that could not be reached is offered only after the others (a killed node restarts in seconds). */
export const NODE_DOWN_MS = 15_000;

/** Per process: the nodes that could not be reached lately, by URL, until when. Every server learns it for itself. */
const downUntil = new Map<string, number>();

export function markNodeDown(node: NodeEndpoint, now = Date.now()): void {
  downUntil.set(node.url, now + NODE_DOWN_MS);
}

export function markNodeUp(node: NodeEndpoint): void {
  downUntil.delete(node.url);
}

const isDown = (node: NodeEndpoint, now: number) => (downUntil.get(node.url) ?? 0) > now;

/**
 * R-NODE-PICK, R-NODE-LIVE: the nodes in the order a transfer tries them: those not known to be down first, in random order, then
 * the ones that failed lately (a site whose every node failed still gets its transfer once one is back).
 */
export function nodesToTry(nodes: NodeEndpoint[], random = Math.random, now = Date.now()): NodeEndpoint[] {
  // Drawn one at a time from what is left: the first is nodes[⌊random × n⌋], as a single pick always was.
  const left = [...nodes];
  const shuffled: NodeEndpoint[] = [];
  while (left.length > 0) shuffled.push(...left.splice(Math.floor(random() * left.length), 1));
  return [...shuffled.filter((node) => !isDown(node, now)), ...shuffled.filter((node) => isDown(node, now))];
}

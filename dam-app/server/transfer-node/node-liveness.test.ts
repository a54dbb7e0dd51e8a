import { describe, expect, it } from 'vitest';
import { markNodeDown, markNodeUp, NODE_DOWN_MS, nodesToTry } from './node-liveness.ts';

const node = (port: number) => ({ url: `http://127.0.0.1:${port}`, user: 'dam', password: 'x' });

describe('the order transfers try the nodes in (R-NODE-PICK)', () => {
  it('puts a node that could not be reached last until it has had time to come back, and first once it answers', () => {
    const [a, b, c] = [node(61001), node(61002), node(61003)];
    const now = 1_000_000;
    markNodeDown(a, now);
    for (const key of [0.1, 0.5, 0.9]) expect(nodesToTry([a, b, c], () => key, now + 1).at(-1)).toBe(a);
    // The random order decides among the live ones.
    let turn = 0;
    const keys = [0.2, 0.9, 0.1];
    expect(nodesToTry([a, b, c], () => keys[turn++] ?? 0, now + 1)).toEqual([c, b, a]);
    expect(nodesToTry([a, b, c], () => 0, now + NODE_DOWN_MS + 1)).toHaveLength(3);
    markNodeUp(a);
    expect(nodesToTry([a, b], () => 0, now + 1)[0]).toBe(a);
  });
});

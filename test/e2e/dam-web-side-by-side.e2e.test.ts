import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type DamWebSite, startDamWebSite } from './harness/dam-web.ts';

// Suites run side by side (CI ran dam-web-access while another suite's DAM was up): each DAM the harness starts
// has its own transfer node on ports the system picks, never the fixed defaults another DAM or a person's
// `npm start` holds (CI: EADDRINUSE 127.0.0.1:33001).

const sites: DamWebSite[] = [];
const held: Server[] = [];

afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Holds a port as another program would; false when something else holds it already (which serves too). */
const hold = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => {
      held.push(server);
      resolve(true);
    });
  });

describe('DAMs started by the e2e harness', () => {
  it('each have a transfer node, with the default node ports taken and two DAMs running at once', async () => {
    await hold(9092);
    await hold(33_001);
    sites.push(...(await Promise.all([startDamWebSite(), startDamWebSite()])));
    const nodes = sites.map((site) => site.runtime.services.nodes.map((node) => node.url));
    expect(nodes.map((each) => each.length)).toEqual([1, 1]);
    expect(new Set(nodes.flat()).size).toBe(2);
    for (const url of nodes.flat()) expect(url).not.toMatch(/:9092$/);
  }, 120_000);
});

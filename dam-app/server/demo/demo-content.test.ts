import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually } from '../test-support/sample-media.ts';
import { startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { createDemoContent } from './demo-content.ts';
import { seedDemo } from './seed-demo.ts';

// The demo is what `npm start` shows; one database kind is enough to prove it is made and browsable.
describe('demo content', () => {
  let dam: TestDam;
  let carlos: ApiClient;

  beforeAll(async () => {
    dam = await startTestDam('pglite');
    const logins = await seedDemo(dam.services);
    await createDemoContent(dam.services);
    await createDemoContent(dam.services);
    carlos = dam.client();
    const login = logins.find((each) => each.username === 'carlos');
    await carlos.login('carlos', login?.password ?? '');
  }, 120_000);
  afterAll(() => dam.close());

  it('makes images, a video and a PDF under the demo ACLs, once, with renditions', async () => {
    const found = (await carlos.post('/search', { limit: 100 })).body;
    expect(found.total).toBe(12);
    expect(found.facets.kind).toEqual([
      { value: 'image', count: 10 },
      { value: 'pdf', count: 1 },
      { value: 'video', count: 1 },
    ]);
    await eventually(async () => {
      const page = (await carlos.post('/search', { limit: 100 })).body;
      return page.items.every((item: { renditionState: string }) => item.renditionState !== 'pending');
    }, 90_000);
    const video = (await carlos.post('/search', { refine: { kind: ['video'] } })).body.items[0];
    const full = (await carlos.get(`/assets/${video.id}`)).body;
    expect(full.renditions.map((r: { name: string }) => r.name)).toContain('web-preview');
  }, 120_000);

  it('has a versioned asset, a checked-out one, a collection and a cart', async () => {
    const hero = (await carlos.post('/search', { q: 'hero' })).body.items[0];
    expect(hero.versions).toBe(2);
    const poster = (await carlos.post('/search', { q: 'autumn poster' })).body.items[0];
    expect(poster.checkedOutBy.username).toBe('carlos');
    const collections = (await carlos.get('/collections')).body;
    expect(collections[0]).toMatchObject({ name: 'Spring campaign', assetCount: 3 });
    const carts = await dam.services.db.selectFrom('cart_assets').select('asset_id').execute();
    expect(carts).toHaveLength(3);
  });
});

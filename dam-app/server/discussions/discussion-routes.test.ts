import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCUSSION_MESSAGES } from '../../api/discussions.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

describe.each(DATABASE_KINDS)('discussions and annotations on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient; // uploads and comments
  let rita: ApiClient; // sees the library, answers
  let bob: ApiClient; // follows the asset
  let olga: ApiClient; // works elsewhere: may not see the asset
  let ada: ApiClient; // administrator: the global admin who can edit comments
  let asset: number;

  /** A person's notifications of one type about the asset, newest first. */
  const told = async (client: ApiClient, type: string) =>
    (
      (await client.get('/notifications?limit=100')).body.items as {
        type: string;
        subject: string;
        target: unknown;
      }[]
    ).filter((each) => each.type === type);

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    rita = await aclUser(dam, 'rita', 'Library', ['facet browsing']);
    bob = await aclUser(dam, 'bob', 'Library', ['facet browsing']);
    olga = await aclUser(dam, 'olga', 'Other');
    ada = await aclUser(dam, 'ada', 'Library', undefined, { admin: true });
    await sampleJpeg(join(dam.services.config.storageRoot, 'Library/cover.jpg'));
    asset = (await carla.post('/assets/ingest', { path: 'Library/cover.jpg' })).body.asset.id;
    expect((await bob.put(`/subscriptions/asset/${asset}`, {})).status).toBe(200);
  });
  afterAll(() => dam.close());

  it('notifies the people a comment mentions who may see the asset, the followers and the author answered', async () => {
    const made = await carla.post(`/assets/${asset}/comments`, {
      body: 'Crop this @rita, @olga and @nobody?',
    });
    expect(made.status).toBe(201);
    // Olga cannot see the asset: her name stays plain text and she hears nothing.
    expect(made.body).toMatchObject({ version: 1, parentId: null, mentions: ['rita'], mayEdit: true });
    expect(await told(rita, 'Mention')).toHaveLength(1);
    expect(await told(rita, 'Discussion')).toHaveLength(0);
    expect(await told(olga, 'Mention')).toHaveLength(0);
    expect(await told(bob, 'Discussion')).toHaveLength(1);
    expect(await told(carla, 'Discussion')).toHaveLength(0);
    // Both open the asset's Discussion tab at the comment, on its version.
    const atComment = { kind: 'comment', id: `${asset}:1:${made.body.id}` };
    expect((await told(rita, 'Mention'))[0]?.target).toEqual(atComment);
    expect((await told(bob, 'Discussion'))[0]?.target).toEqual(atComment);

    const reply = await rita.post(`/assets/${asset}/comments`, { body: 'Done.', parentId: made.body.id });
    expect(reply.status).toBe(201);
    expect(await told(carla, 'Discussion')).toHaveLength(1);
    expect(await told(bob, 'Discussion')).toHaveLength(2);
    // A reply to a reply joins the thread's head.
    const nested = await carla.post(`/assets/${asset}/comments`, { body: 'Thanks', parentId: reply.body.id });
    expect(nested.body.parentId).toBe(made.body.id);
    expect(await told(rita, 'Discussion')).toHaveLength(1);

    // An edit tells only the newly mentioned, once.
    const edited = await carla.put(`/comments/${made.body.id}`, { body: 'Crop this @rita and @bob' });
    expect(edited.body).toMatchObject({ mentions: ['bob', 'rita'] });
    expect(edited.body.editedAt).not.toBeNull();
    await carla.put(`/comments/${made.body.id}`, { body: 'Crop this @rita and @bob, please' });
    expect(await told(bob, 'Mention')).toHaveLength(1);
    expect(await told(rita, 'Mention')).toHaveLength(1);
    // A follower who is mentioned gets the Mention, not a second (Discussion) notification of the same comment.
    expect(await told(bob, 'Discussion')).toHaveLength(3);
    await carla.post(`/assets/${asset}/comments`, { body: '@bob a quick look?' });
    expect(await told(bob, 'Mention')).toHaveLength(2);
    expect(await told(bob, 'Discussion')).toHaveLength(3);

    // The autocomplete offers only people who may see the asset.
    const offered = (await carla.get(`/assets/${asset}/mentionable?q=`)).body.map(
      (each: { name: string }) => each.name,
    );
    expect(offered).toEqual(expect.arrayContaining(['ada', 'bob', 'carla', 'rita']));
    expect(offered).not.toContain('olga');
    expect((await carla.get(`/assets/${asset}/mentionable?q=R`)).body).toEqual([
      { id: expect.any(Number), name: 'rita' },
    ]);
    expect((await olga.get(`/assets/${asset}/mentionable?q=`)).status).toBe(404);
    expect((await olga.get(`/assets/${asset}/comments`)).status).toBe(404);
    expect((await olga.post(`/assets/${asset}/comments`, { body: 'hi' })).status).toBe(404);

    // Deleting a comment retracts the Mentions it gave (and only those).
    const nudge = (await carla.post(`/assets/${asset}/comments`, { body: '@rita see this' })).body;
    expect(await told(rita, 'Mention')).toHaveLength(2);
    expect((await carla.delete(`/comments/${nudge.id}`)).status).toBe(200);
    expect(await told(rita, 'Mention')).toHaveLength(1);
  });

  it('lets the author or a global admin edit and delete; a thread head with replies stays as deleted', async () => {
    const head = (await carla.post(`/assets/${asset}/comments`, { body: 'Head' })).body;
    const reply = (await rita.post(`/assets/${asset}/comments`, { body: 'Reply', parentId: head.id })).body;
    expect(reply.mayEdit).toBe(true);
    expect(
      (await rita.get(`/assets/${asset}/comments`)).body.items.find((c: { id: number }) => c.id === head.id),
    ).toMatchObject({ mayEdit: false });
    expect((await rita.put(`/comments/${head.id}`, { body: 'Mine now' })).status).toBe(403);
    expect((await rita.delete(`/comments/${head.id}`)).status).toBe(403);
    expect((await olga.delete(`/comments/${head.id}`)).status).toBe(404);
    expect((await ada.put(`/comments/${head.id}`, { body: 'Head (moderated)' })).body.body).toBe(
      'Head (moderated)',
    );
    expect((await carla.put(`/comments/${head.id}`, { body: '   ' })).body.error.user_message).toBe(
      DISCUSSION_MESSAGES.commentRequired,
    );

    expect((await carla.delete(`/comments/${head.id}`)).status).toBe(200);
    const kept = (await carla.get(`/assets/${asset}/comments`)).body.items;
    expect(kept.find((c: { id: number }) => c.id === head.id)).toMatchObject({
      deleted: true,
      body: '',
      author: null,
      mayEdit: false,
    });
    expect((await carla.put(`/comments/${head.id}`, { body: 'Back' })).status).toBe(404);
    // The last reply gone, the deleted head goes too.
    expect((await rita.delete(`/comments/${reply.id}`)).status).toBe(200);
    const ids = (await carla.get(`/assets/${asset}/comments`)).body.items.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(head.id);
    expect(ids).not.toContain(reply.id);
  });

  it('keeps annotations on the version they were made on and only where they fit the asset', async () => {
    const region = { kind: 'region', x: 0.1, y: 0.2, width: 0.5, height: 0.25 };
    const pinned = await rita.post(`/assets/${asset}/comments`, { body: 'Logo here', annotation: region });
    expect(pinned.status).toBe(201);
    expect(pinned.body.annotation).toEqual(region);

    const refused = async (body: object, message: string) => {
      const answer = await rita.post(`/assets/${asset}/comments`, { body: 'x', ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.user_message).toBe(message);
    };
    await refused({ annotation: { kind: 'time', start: 1, end: 2 } }, DISCUSSION_MESSAGES.annotationKind);
    await refused({ annotation: { kind: 'page', page: 1 } }, DISCUSSION_MESSAGES.annotationKind);
    await refused({ annotation: { ...region, x: 0.6 } }, DISCUSSION_MESSAGES.regionOutside);
    await refused({ annotation: { ...region, width: 0 } }, DISCUSSION_MESSAGES.regionOutside);
    await refused({ parentId: pinned.body.id, annotation: region }, DISCUSSION_MESSAGES.replyAnnotation);
    expect((await rita.post(`/assets/${asset}/comments`, { body: 'x', version: 2 })).status).toBe(404);

    await carla.post(`/assets/${asset}/checkout`);
    expect((await carla.post(`/assets/${asset}/checkin`, { comment: 'New title' })).body.version).toBe(2);
    const current = (await rita.get(`/assets/${asset}/comments`)).body;
    expect(current).toMatchObject({ version: 2, currentVersion: 2, items: [] });
    const first = (await rita.get(`/assets/${asset}/comments?version=1`)).body;
    expect(first.items.filter((c: { annotation: unknown }) => c.annotation)).toEqual([
      expect.objectContaining({ id: pinned.body.id, version: 1, annotation: region }),
    ]);
    // A reply follows its thread's version even while the asset is at version 2.
    const reply = await carla.post(`/assets/${asset}/comments`, {
      body: 'Moved it',
      parentId: pinned.body.id,
    });
    expect(reply.body.version).toBe(1);
    expect((await rita.get(`/assets/${asset}/comments?version=3`)).status).toBe(404);
  });
});

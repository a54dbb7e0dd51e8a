import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointGroup } from './endpoint-group.ts';
import { errors, inUse, notFound } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const things = endpointGroup('Things', 'user');
const thing = z.object({ id: z.number(), name: z.string() });

describe('endpointGroup', () => {
  it("gives each endpoint the group's tag and auth, unless it names its own auth", () => {
    const list = things.get('/things', { summary: 'Every thing', response: z.array(thing) });
    expect(list).toMatchObject({ method: 'get', path: '/things', tag: 'Things', auth: 'user' });
    expect(things.delete('/things', { summary: 'Forget', auth: 'public', response: z.null() }).auth).toBe(
      'public',
    );
  });

  it("gives an item's endpoints its path, its parameters and its 404 first", () => {
    const one = things.item('/things/{id}', idParams);
    const move = one.post('/move', {
      summary: 'Move a thing',
      response: thing,
      errors: { 404: ['destination_not_allowed'], ...inUse },
    });
    expect(move).toMatchObject({ method: 'post', path: '/things/{id}/move', params: idParams });
    expect(move.errors).toEqual({ 404: ['not_found', 'destination_not_allowed'], 409: ['in_use'] });
    expect(one.get('', { summary: 'One thing', response: thing })).toMatchObject({
      path: '/things/{id}',
      errors: notFound,
    });
  });
});

describe('errors', () => {
  it("joins the codes of each status, each once, in the order they're given", () => {
    expect(errors(notFound, undefined, { 404: ['gone', 'not_found'], 409: ['x'] }, { 409: ['y'] })).toEqual({
      404: ['not_found', 'gone'],
      409: ['x', 'y'],
    });
  });
});

describe('namedSet', () => {
  it('declares the list, create, change and delete of a named set', () => {
    const save = z.strictObject({ name: z.string() });
    const set = namedSet({ group: things, path: '/things', item: thing, save, exists: 'thing_exists' });
    const forbidden = { 403: ['forbidden'] };
    const shape = (endpoint: { method: string; path: string; status?: number; errors?: unknown }) => [
      endpoint.method,
      endpoint.path,
      endpoint.status ?? 200,
      endpoint.errors ?? {},
    ];
    expect(shape(set.list('Every thing'))).toEqual(['get', '/things', 200, {}]);
    expect(shape(set.create('Make a thing', forbidden))).toEqual([
      'post',
      '/things',
      201,
      { 403: ['forbidden'], 409: ['thing_exists'] },
    ]);
    expect(shape(set.update('Rename a thing'))).toEqual([
      'put',
      '/things/{id}',
      200,
      { 404: ['not_found'], 409: ['thing_exists'] },
    ]);
    expect(shape(set.remove('Forget a thing'))).toEqual([
      'delete',
      '/things/{id}',
      200,
      { 404: ['not_found'] },
    ]);
    expect(set.update('Rename a thing').body).toBe(save);
  });
});

import { describe, expect, it } from 'vitest';
import { dateToExpiry, expiryToDate, mayChangeCollection, ownsCollection } from './collection-queries.ts';

const collection = (owner: string, modifiable: boolean) => ({
  id: 1,
  name: 'c',
  description: '',
  owner,
  sharedWithGroupId: null,
  modifiable,
  public: true,
  bundle: false,
  expiresAt: null,
  assetCount: 0,
});
const session = (username: string, permissions: string[]) =>
  ({ user: { username }, permissions, features: { allowDownload: true, allowUpload: true } }) as never;

describe('who may change a collection', () => {
  it('is the owner, or anyone when it is modifiable; always with modifying collections', () => {
    const withPermission = session('mo', ['modifying collections']);
    expect(mayChangeCollection(collection('mo', false), withPermission)).toBe(true);
    expect(mayChangeCollection(collection('carla', false), withPermission)).toBe(false);
    expect(mayChangeCollection(collection('carla', true), withPermission)).toBe(true);
    expect(mayChangeCollection(collection('mo', true), session('mo', ['file actions']))).toBe(false);
    expect(ownsCollection(collection('mo', true), withPermission)).toBe(true);
  });
});

describe('expiry dates', () => {
  it('round-trips a day through the date input', () => {
    expect(dateToExpiry('2030-01-31')).toBe('2030-01-31T00:00:00.000Z');
    expect(expiryToDate('2030-01-31T00:00:00.000Z')).toBe('2030-01-31');
    expect(dateToExpiry('')).toBeNull();
    expect(expiryToDate(null)).toBe('');
  });
});

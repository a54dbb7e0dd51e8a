import { describe, expect, it } from 'vitest';
import type { User } from '../db/schema.ts';
import type { Principal } from './principal.ts';
import { assertMayDownload, mayDownload, mayUpload } from './transfer-gates.ts';

const holding = (...permissions: string[]): Principal => ({
  user: { id: 1, is_admin: false } as User,
  via: 'session',
  adminMode: false,
  acl: {
    id: 1,
    name: 'A',
    root_path: 'A',
    permissions,
    created_at: new Date(),
    relative_path_held: true,
    relative_path: null,
  },
  acls: [],
});
const open = { allowDownload: true, allowUpload: true };
const closed = { allowDownload: false, allowUpload: false };

describe('the transfer gates', () => {
  it('lets a download through with quickDownload or downloadHiRes, when this DAM allows downloads', () => {
    expect(mayDownload(open, holding('quickDownload'))).toBe(true);
    expect(mayDownload(open, holding('downloadHiRes'))).toBe(true);
    expect(mayDownload(open, holding('fileUpload'))).toBe(false);
    expect(mayDownload(closed, holding('quickDownload', 'downloadHiRes'))).toBe(false);
    expect(() => assertMayDownload(open, holding('fileUpload'))).toThrow(
      expect.objectContaining({ status: 403, code: 'forbidden' }),
    );
    expect(() => assertMayDownload(open, holding('quickDownload'))).not.toThrow();
  });

  it('lets an upload through with fileUpload, when this DAM allows uploads', () => {
    expect(mayUpload(open, holding('fileUpload'))).toBe(true);
    expect(mayUpload(open, holding('quickDownload', 'downloadHiRes'))).toBe(false);
    expect(mayUpload(closed, holding('fileUpload'))).toBe(false);
  });
});

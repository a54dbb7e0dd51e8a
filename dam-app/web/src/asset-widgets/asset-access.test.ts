import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../api/accounts.ts';
import {
  lockState,
  mayBreakLock,
  mayDownload,
  mayDownloadOriginal,
  mayEditAsset,
  mayModifyCollections,
} from './asset-access.ts';

const who = (
  permissions: Permission[],
  options: { id?: number; admin?: boolean; allowDownload?: boolean } = {},
) => ({
  permissions,
  features: { allowUpload: true, allowDownload: options.allowDownload ?? true },
  user: { id: options.id ?? 1, isAdmin: options.admin ?? false } as never,
});
const heldBy = (id: number | null) => ({ checkedOutBy: id === null ? null : { id, username: `user${id}` } });

describe('download gates (R-DOWNLOAD-GATE)', () => {
  it('shows the original and print outputs only with downloadHiRes and downloads allowed', () => {
    expect(mayDownloadOriginal(who(['downloadHiRes']))).toBe(true);
    expect(mayDownloadOriginal(who(['quickDownload']))).toBe(false);
    expect(mayDownloadOriginal(who(['downloadHiRes'], { allowDownload: false }))).toBe(false);
  });

  it('offers download entries with quickDownload or downloadHiRes, never when allowDownload is off', () => {
    expect(mayDownload(who(['quickDownload']))).toBe(true);
    expect(mayDownload(who(['downloadHiRes']))).toBe(true);
    expect(mayDownload(who(['facet browsing', 'file actions']))).toBe(false);
    expect(mayDownload(who(['quickDownload'], { allowDownload: false }))).toBe(false);
  });

  it('lets only holders of modifying collections change collections', () => {
    expect(mayModifyCollections(who(['modifying collections']))).toBe(true);
    expect(mayModifyCollections(who(['file actions']))).toBe(false);
  });
});

describe('the check-out lock', () => {
  it('names who holds it from this person’s side', () => {
    expect(lockState(heldBy(null), who([]))).toBe('free');
    expect(lockState(heldBy(1), who([]))).toBe('mine');
    expect(lockState(heldBy(2), who([]))).toBe('other');
  });

  it('blocks edits while another person holds it, and needs file actions anyway', () => {
    expect(mayEditAsset(heldBy(null), who(['file actions']))).toBe(true);
    expect(mayEditAsset(heldBy(1), who(['file actions']))).toBe(true);
    expect(mayEditAsset(heldBy(2), who(['file actions']))).toBe(false);
    expect(mayEditAsset(heldBy(null), who(['quickDownload']))).toBe(false);
  });

  it('lets an administrator break another person’s lock, and nobody else', () => {
    expect(mayBreakLock(heldBy(2), who([], { admin: true }))).toBe(true);
    expect(mayBreakLock(heldBy(2), who(['file actions']))).toBe(false);
    expect(mayBreakLock(heldBy(1), who([], { admin: true }))).toBe(false);
  });
});

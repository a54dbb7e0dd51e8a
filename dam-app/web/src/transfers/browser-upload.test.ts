import { describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../../api/asset-messages.ts';
import { type BrowserUploadProgress, uploadOverHttp } from './browser-upload.ts';

describe('the browser upload checks the file name before sending', () => {
  it.each([
    ['invoice\u202Egpj.exe', ASSET_MESSAGES.fileNameRule],
    ['ca\u200Bfe.txt', ASSET_MESSAGES.fileNameRule],
    ['.env', ASSET_MESSAGES.fileNameRule],
    [`${'é'.repeat(126)}.txt`, ASSET_MESSAGES.fileNameTooLong],
  ])('refuses %j with the rule’s text, sending nothing', (name, message) => {
    const seen: BrowserUploadProgress[] = [];
    uploadOverHttp(new File(['x'], name), 'Drop', (progress) => seen.push(progress));
    expect(seen).toEqual([{ name, sent: 0, total: 1, state: 'failed', error: message }]);
  });
});

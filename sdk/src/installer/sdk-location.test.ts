import { describe, expect, it } from 'vitest';
import { defaultSdkLocation } from './sdk-location.ts';

describe('defaultSdkLocation', () => {
  it('is the folder above js/ the SDK script was loaded from', () => {
    expect(defaultSdkLocation('https://dam.example/sdk/js/connect-sdk.min.js')).toBe(
      'https://dam.example/sdk',
    );
    expect(defaultSdkLocation('https://cdn.example/rapid/v1/connect-sdk.js')).toBe(
      'https://cdn.example/rapid/v1',
    );
  });

  it('falls back to /sdk on the page’s origin', () => {
    expect(defaultSdkLocation(undefined, 'https://dam.example')).toBe('https://dam.example/sdk');
  });
});

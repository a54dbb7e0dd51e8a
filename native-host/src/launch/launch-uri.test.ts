import { describe, expect, it } from 'vitest';
import { parseLaunchUri } from './launch-uri.ts';

describe('parseLaunchUri', () => {
  it('accepts the plain, legacy-session and Safari forms', () => {
    expect(parseLaunchUri('fasp://initialize')).toEqual({ checkExtensions: false });
    expect(parseLaunchUri('fasp://initialize?checkextensions')).toEqual({ checkExtensions: true });
    const key = 'aB3'.repeat(10).concat('xY');
    expect(parseLaunchUri(`fasp://initialize/?key=${key}&id=0f8fad5b-d9cb-469f-a165-70867728950e`)).toEqual({
      session: { id: '0f8fad5b-d9cb-469f-a165-70867728950e', key },
      checkExtensions: false,
    });
  });

  it('ignores a malformed session and refuses other URIs', () => {
    expect(parseLaunchUri('fasp://initialize/?key=short&id=x')).toEqual({ checkExtensions: false });
    expect(() => parseLaunchUri('fasp://transfer/x')).toThrow(/only handles/);
    expect(() => parseLaunchUri('https://initialize')).toThrow(/only handles/);
    expect(() => parseLaunchUri('not a uri')).toThrow(/Not a launch URI/);
  });
});

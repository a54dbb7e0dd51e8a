import { beforeEach, describe, expect, it } from 'vitest';
import { resolveOptions } from './options.ts';

beforeEach(() => localStorage.clear());

describe('resolveOptions', () => {
  it('has the defaults of the specification', () => {
    expect(resolveOptions()).toEqual({
      connectLaunchWaitTimeoutMs: 5000,
      id: 'aspera-web',
      containerId: 'aspera-web-container',
      sdkLocation: `${location.protocol}//d3gcli72yxqn2z.cloudfront.net/connect/v4`,
      pollingTime: 2000,
      maxActivityOutstanding: 2,
      extensionRequestTimeout: undefined,
      minVersion: '',
      effectiveMinVersion: '3.8.0',
      dragDropEnabled: false,
      connectMethod: 'http',
      connectMethodChosen: false,
      authorizationKey: '',
      localHttpProtocol: 'current',
    });
  });

  it('prefers the extension from a 3.9 minimum and never goes below 3.8.0', () => {
    expect(resolveOptions({ minVersion: '3.9.0' }).connectMethod).toBe('extension');
    expect(resolveOptions({ minVersion: '3.6' }).effectiveMinVersion).toBe('3.8.0');
    expect(resolveOptions({ minVersion: '3.10.1' }).effectiveMinVersion).toBe('3.10.1');
  });

  it('lets localStorage override connectMethod and minVersion', () => {
    localStorage.setItem('aspera-connect-method', 'extension');
    localStorage.setItem('aspera-min-version', '4.1.0');
    const options = resolveOptions({ connectMethod: 'http', minVersion: '3.8.0' });
    expect(options).toMatchObject({
      connectMethod: 'extension',
      connectMethodChosen: true,
      minVersion: '4.1.0',
    });
  });
});

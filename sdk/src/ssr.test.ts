// @vitest-environment node
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('server-side rendering', () => {
  it('imports the ESM entry and the React hooks with no window, and renders INITIALIZING', async () => {
    expect(typeof window).toBe('undefined');
    const sdk = await import('./index.ts');
    const react = await import('./react/index.ts');
    expect(sdk.Connect.STATUS.RUNNING).toBe('RUNNING');
    expect(sdk.Utils.BROWSER.CHROME).toBe(false);
    const connect = new sdk.Connect({ minVersion: '3.9.0' });
    expect(connect.getStatus()).toBe('INITIALIZING');
    function Status() {
      return createElement('span', null, react.useConnectStatus());
    }
    const html = renderToString(createElement(react.ConnectProvider, null, createElement(Status)));
    expect(html).toBe('<span>INITIALIZING</span>');
  });
});

import { act, createElement, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtensionBridge } from '../bridge/extension/extension-bridge.ts';
import { bridgeOverride } from '../connect/connect.ts';
import { TestDoubleClient } from '../test-doubles/test-double-client.ts';
import { TestDoubleExtension } from '../test-doubles/test-double-extension.ts';
import { ConnectProvider, useConnectStatus, useTransfer, useTransfers } from './index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let client: TestDoubleClient;
let extension: TestDoubleExtension;
let root: Root;
let container: HTMLElement;

beforeEach(() => {
  localStorage.clear();
  client = new TestDoubleClient();
  extension = new TestDoubleExtension(client);
  bridgeOverride.factories = (options) => ({ extension: () => new ExtensionBridge(options.minVersion) });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  extension.remove();
  bridgeOverride.factories = undefined;
});

function View() {
  const status = useConnectStatus();
  const transfers = useTransfers();
  const one = useTransfer('b');
  return createElement('p', null, `${status} ${transfers.length} ${one?.status ?? '-'}`);
}

describe('React hooks', () => {
  it('render the status and the transfers of the provider’s Connect, and stop it on unmount', async () => {
    client.iterationToken = 3;
    client.transfers = [
      { uuid: 'a', status: 'running' },
      { uuid: 'b', status: 'queued' },
    ];
    const options = { connectMethod: 'extension' as const, pollingTime: 20 };
    await act(async () => {
      root.render(
        createElement(ConnectProvider, { options, appId: 'c2Vzc2lvbi1ob29rcy10ZXN0' }, createElement(View)),
      );
    });
    await vi.waitFor(() => expect(container.textContent).toBe('RUNNING 2 queued'));
    client.iterationToken = 4;
    client.transfers = [{ uuid: 'b', status: 'completed' }];
    await vi.waitFor(() => expect(container.textContent).toBe('RUNNING 2 completed'));
  });

  it('keep the session running under StrictMode, which mounts, unmounts and mounts every effect in development', async () => {
    // The sdk/examples/react-vite e2e found it: the second mount's initSession was refused, the first unmount's
    // stop() stood, and every call failed with the stopped error.
    client.iterationToken = 1;
    client.transfers = [{ uuid: 'b', status: 'running' }];
    const options = { connectMethod: 'extension' as const, pollingTime: 20 };
    await act(async () => {
      root.render(
        createElement(
          StrictMode,
          null,
          createElement(
            ConnectProvider,
            { options, appId: 'c2Vzc2lvbi1zdHJpY3QtbW9kZQ' },
            createElement(View),
          ),
        ),
      );
    });
    await vi.waitFor(() => expect(container.textContent).toBe('RUNNING 1 running'));
  });

  it('explain themselves outside a provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => act(() => root.render(createElement(View)))).toThrow(/ConnectProvider/);
    spy.mockRestore();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtensionBridge } from '../bridge/extension/extension-bridge.ts';
import { HttpBridge } from '../bridge/http/http-bridge.ts';
import { LegacyHttpBridge } from '../bridge/http-legacy/legacy-http-bridge.ts';
import { SafariBridge } from '../bridge/safari/safari-bridge.ts';
import { json, TestDoubleClient } from '../test-doubles/test-double-client.ts';
import { TestDoubleExtension } from '../test-doubles/test-double-extension.ts';
import { TestDoubleLegacyServer } from '../test-doubles/test-double-legacy-server.ts';
import { TestDoubleSafariExtension } from '../test-doubles/test-double-safari-extension.ts';
import { TestDoubleXhrServer } from '../test-doubles/test-double-xhr-server.ts';
import { bridgeOverride, Connect } from './connect.ts';
import type { ConnectOptions } from './options.ts';

/**
 * One API suite, run over every bridge: the page-visible contract (URIs, methods, trailing slashes, body key
 * order, statuses, error objects, validation) must not depend on how the client is reached.
 */
interface Rig {
  client: TestDoubleClient;
  options: ConnectOptions;
  teardown(): void;
}

const rigs: [string, () => Rig][] = [
  [
    'extension',
    () => {
      const client = new TestDoubleClient();
      const extension = new TestDoubleExtension(client);
      bridgeOverride.factories = (options) => ({
        extension: () => new ExtensionBridge(options.minVersion, options.extensionRequestTimeout),
      });
      return { client, options: { connectMethod: 'extension' }, teardown: () => extension.remove() };
    },
  ],
  [
    'Safari app extension',
    () => {
      const client = new TestDoubleClient();
      const extension = new TestDoubleSafariExtension(client);
      bridgeOverride.factories = (options) => ({ extension: () => new SafariBridge(options.minVersion) });
      return { client, options: { connectMethod: 'extension' }, teardown: () => extension.remove() };
    },
  ],
  [
    'http',
    () => {
      const client = new TestDoubleClient();
      const server = new TestDoubleXhrServer(client);
      vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
      bridgeOverride.factories = () => ({ http: () => new HttpBridge(() => {}) });
      return { client, options: { connectMethod: 'http' }, teardown: () => {} };
    },
  ],
  [
    'legacy HTTPS session',
    () => {
      const client = new TestDoubleClient();
      const legacy = new TestDoubleLegacyServer(client);
      const server = new TestDoubleXhrServer(client, legacy.route);
      vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
      bridgeOverride.factories = () => ({ http: () => new LegacyHttpBridge({ launch: legacy.launch }) });
      return { client, options: { connectMethod: 'http' }, teardown: () => sessionStorage.clear() };
    },
  ],
];

const APP = 'c2Vzc2lvbi1hcHAtaWQtZm9yLXRlc3Rz';
const SETTINGS = `"aspera_connect_settings":{"app_id":"${APP}"}`;
const STOPPED = {
  error: {
    code: -1,
    internal_message: 'Invalid request',
    user_message: 'Connect is stopped. Call #start to resume session.',
  },
};

describe.each(rigs)('Connect API over the %s bridge', (_name, makeRig) => {
  let rig: Rig;
  let connect: Connect;
  let statuses: string[];

  async function running(options: ConnectOptions = {}) {
    connect = new Connect({ ...rig.options, ...options });
    connect.addEventListener('status', (_type, status) => statuses.push(status as string));
    connect.initSession(APP);
    await vi.advanceTimersByTimeAsync(10);
    expect(connect.getStatus()).toBe('RUNNING');
    rig.client.seen.length = 0;
    return connect;
  }

  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    rig = makeRig();
    statuses = [];
  });
  afterEach(() => {
    connect?.stop();
    rig.teardown();
    bridgeOverride.factories = undefined;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes INITIALIZING → RUNNING promptly and answers version()', async () => {
    await running();
    expect(statuses).toEqual(['INITIALIZING', 'RUNNING']);
    const success = vi.fn();
    const promise = connect.version({ success });
    expect(success).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    await expect(promise).resolves.toEqual({ version: '4.2.0', system_wide: false });
    expect(success).toHaveBeenCalledWith({ version: '4.2.0', system_wide: false });
    expect(rig.client.calls()).toEqual([{ method: 'GET', path: '/connect/info/version', body: '' }]);
  });

  it.each([
    [
      'authenticate',
      (c: Connect) => c.authenticate({ remote_host: 'h', other: 1, remote_user: 'u' }),
      'POST',
      '/connect/info/authenticate',
      `{"remote_host":"h","remote_user":"u",${SETTINGS}}`,
    ],
    [
      'getAllTransfers',
      (c: Connect) => c.getAllTransfers({}, 680),
      'POST',
      '/connect/transfers/activity',
      `{"iteration_token":680,${SETTINGS}}`,
    ],
    [
      'getTransfer',
      (c: Connect) => c.getTransfer('t1'),
      'POST',
      '/connect/transfers/info/t1',
      `{${SETTINGS}}`,
    ],
    [
      'modifyTransfer',
      (c: Connect) => c.modifyTransfer('t1', { target_rate_kbps: 5000, x: 1, rate_policy: 'fair' }),
      'POST',
      '/connect/transfers/modify/t1',
      `{"target_rate_kbps":5000,"rate_policy":"fair",${SETTINGS}}`,
    ],
    [
      'removeTransfer',
      (c: Connect) => c.removeTransfer('t1'),
      'POST',
      '/connect/transfers/remove/t1',
      `{${SETTINGS}}`,
    ],
    [
      'stopTransfer',
      (c: Connect) => c.stopTransfer('t1'),
      'POST',
      '/connect/transfers/stop/t1',
      `{${SETTINGS}}`,
    ],
    [
      'resumeTransfer',
      (c: Connect) => c.resumeTransfer('t1', { remote_host: 'no', token: 'tk' }),
      'POST',
      '/connect/transfers/resume/t1',
      `{"token":"tk",${SETTINGS}}`,
    ],
    [
      'readAsArrayBuffer',
      (c: Connect) => c.readAsArrayBuffer({ path: '/a.txt' }),
      'POST',
      '/connect/file/read-as-array-buffer/',
      `{"path":"/a.txt",${SETTINGS}}`,
    ],
    [
      'readChunkAsArrayBuffer',
      (c: Connect) => c.readChunkAsArrayBuffer({ path: '/a.txt', offset: 0, chunkSize: 16 }),
      'POST',
      '/connect/file/read-chunk-as-array-buffer/',
      `{"path":"/a.txt","offset":0,"chunkSize":16,${SETTINGS}}`,
    ],
    [
      'getChecksum',
      (c: Connect) => c.getChecksum({ path: '/a.txt' }),
      'POST',
      '/connect/file/checksum/',
      `{"path":"/a.txt","offset":0,"chunkSize":0,"checksumMethod":"md5",${SETTINGS}}`,
    ],
    ['showAbout', (c: Connect) => c.showAbout(), 'GET', '/connect/windows/about', ''],
    ['showDirectory', (c: Connect) => c.showDirectory('t1'), 'GET', '/connect/windows/finder/t1', ''],
    ['showPreferences', (c: Connect) => c.showPreferences(), 'GET', '/connect/windows/preferences', ''],
    [
      'showPreferencesPage',
      (c: Connect) => c.showPreferencesPage({ page: 'network' }),
      'GET',
      '/connect/windows/preferences/network',
      '',
    ],
    [
      'showTransferManager',
      (c: Connect) => c.showTransferManager(),
      'GET',
      '/connect/windows/transfer-manager',
      '',
    ],
    [
      'showTransferMonitor',
      (c: Connect) => c.showTransferMonitor('t1'),
      'GET',
      '/connect/windows/transfer-monitor/t1',
      '',
    ],
    [
      'showSaveFileDialog',
      (c: Connect) => c.showSaveFileDialog({}, { title: 'Save' }),
      'POST',
      '/connect/windows/select-save-file-dialog/',
      `{"title":"Save","suggestedName":"","allowedFileTypes":"",${SETTINGS}}`,
    ],
    [
      'showSelectFileDialogPromise',
      (c: Connect) => c.showSelectFileDialogPromise(),
      'POST',
      '/connect/windows/select-open-file-dialog/',
      `{"title":"","suggestedName":"","allowMultipleSelection":true,"allowedFileTypes":"",${SETTINGS}}`,
    ],
    [
      'showSelectFolderDialog',
      (c: Connect) => c.showSelectFolderDialog({}, { allowMultipleSelection: false }),
      'POST',
      '/connect/windows/select-open-folder-dialog/',
      `{"title":"","allowMultipleSelection":false,${SETTINGS}}`,
    ],
    [
      'testSshPorts',
      (c: Connect) => c.testSshPorts({ remote_host: 'h' }),
      'POST',
      '/connect/info/ports',
      `{"remote_host":"h","ssh_port":33001,"timeout_sec":3,${SETTINGS}}`,
    ],
    ['version', (c: Connect) => c.version(), 'GET', '/connect/info/version', ''],
  ] as const)('%s sends the exact method, path and body', async (_method, call, method, path, body) => {
    await running();
    const result = call(connect);
    await vi.advanceTimersByTimeAsync(10);
    await result;
    expect(rig.client.calls()).toEqual([{ method, path, body }]);
  });

  it('adds authorization_key after the body keys when configured', async () => {
    await running({ authorizationKey: 'KEY' });
    void connect.readAsArrayBuffer({ path: '/a' });
    await vi.advanceTimersByTimeAsync(10);
    expect(rig.client.calls()[0]?.body).toBe(`{"path":"/a","authorization_key":"KEY",${SETTINGS}}`);
  });

  it('starts a transfer with settings in contract order and returns its request_id at once', async () => {
    await running();
    const success = vi.fn();
    const spec = { paths: [{ source: '/a.mov' }], remote_host: 'node.example', direction: 'send' };
    const { request_id } = connect.startTransfer(spec, { allow_dialogs: false }, { success });
    expect(request_id).toMatch(/^[0-9a-f-]{36}$/);
    await vi.advanceTimersByTimeAsync(10);
    const [call] = rig.client.calls();
    expect(call?.path).toBe('/connect/transfers/start');
    expect(call?.body).toBe(
      `{"transfer_specs":[{"transfer_spec":${JSON.stringify(spec)},"aspera_connect_settings":{"allow_dialogs":false,` +
        `"app_id":"${APP}","request_id":"${request_id}","back_link":"https://dam.example/upload"}}],${SETTINGS}}`,
    );
    expect(success).toHaveBeenCalledWith({ transfer_specs: expect.any(Array) });
  });

  it('queues calls made before RUNNING and sends them once it is reached', async () => {
    connect = new Connect(rig.options);
    connect.initSession(APP);
    const version = connect.version();
    await vi.advanceTimersByTimeAsync(10);
    await expect(version).resolves.toMatchObject({ version: '4.2.0' });
  });

  it('hands the client error object, unparseable bodies and error fields to the error callback', async () => {
    await running();
    const notFound = {
      error: {
        code: 404,
        internal_message: 'Not found',
        user_message: 'No call GET /connect/windows/about.',
      },
    };
    rig.client.scripted.set('/connect/windows/about', [
      json(404, notFound),
      { status: 500, body: 'Internal Server Error' },
      json(200, { error: { code: 7, internal_message: 'x', user_message: 'y' } }),
    ]);
    const errors: unknown[] = [];
    for (let i = 0; i < 3; i++) void connect.showAbout({ error: (error) => errors.push(error) });
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toContainEqual(notFound);
    expect(errors).toContainEqual({
      error: { code: -1, internal_message: 'Invalid request', user_message: expect.any(String) },
    });
    expect(errors).toContainEqual({ error: { code: 7, internal_message: 'x', user_message: 'y' } });
  });

  it('throws ValidationErrors with the specification texts', async () => {
    await running();
    const cases: [() => unknown, string][] = [
      [() => connect.authenticate(undefined as never), 'Invalid authSpec parameter'],
      [() => connect.authenticate({}), 'Invalid authSpec parameter'],
      [() => connect.startTransfer(undefined as never), 'Invalid transferSpec parameter'],
      [() => connect.startTransferPromise(null as never), 'Invalid transferSpec parameter'],
      [() => connect.startTransfers({} as never), 'Invalid transferSpecs parameter'],
      [() => connect.readAsArrayBuffer(undefined as never), 'Invalid options parameter'],
      [() => connect.readAsArrayBuffer({ path: '' }), 'Invalid options parameter'],
      [() => connect.readChunkAsArrayBuffer({ path: '/a', offset: 0 } as never), 'Invalid parameters'],
      [() => connect.removeTransfer(''), 'Must provide transfer id.'],
      [
        () => connect.getChecksum({ path: '/a', checksumMethod: 'crc' }),
        'crc is not a supported checksum method',
      ],
    ];
    for (const [call, message] of cases) {
      let thrown: unknown;
      try {
        call();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect(thrown).toMatchObject({ name: 'ValidationError', message });
    }
    expect(rig.client.calls()).toEqual([]);
  });

  it('throws a plain Error, as the Connect SDK does, where it names the method', async () => {
    await running();
    const cases: [() => unknown, string][] = [
      [() => connect.showSaveFileDialog(undefined as never), 'Must provide callbacks.'],
      [
        () => connect.getChecksum(undefined as never),
        '#getChecksum options argument is either missing or incorrect',
      ],
      [
        () => connect.showPreferencesPage({ page: 'bogus' }),
        '#showPreferencesPage options argument is either missing or incorrect.',
      ],
    ];
    for (const [call, message] of cases)
      expect(call).toThrow(expect.objectContaining({ name: 'Error', message }));
    expect(() => connect.testSshPorts(undefined as never)).toThrow(TypeError);
    expect(rig.client.calls()).toEqual([]);
  });

  it('returns error objects from initSession, start, addEventListener and setDragDropTargets', async () => {
    const fresh = new Connect(rig.options);
    const text = (user_message: string) => ({
      error: { code: -1, internal_message: 'Invalid request', user_message },
    });
    expect(fresh.start()).toEqual(text('Please call initSession first'));
    expect(fresh.addEventListener(5 as never, () => {})).toEqual(text('Invalid EVENT parameter'));
    expect(fresh.addEventListener('status', 'x' as never)).toEqual(text('Invalid Listener parameter'));
    expect(fresh.setDragDropTargets('#x', {}, () => {})).toEqual(
      text(
        'Drop is not enabled in the initialization options, please instantiate Connect again with the dragDropEnabled option set to true.',
      ),
    );
    await running({ dragDropEnabled: true });
    expect(connect.initSession()).toEqual(text('Session was already initialized'));
    expect(connect.setDragDropTargets('#x', {}, undefined as never)).toEqual(
      text('You must provide a valid listener'),
    );
    expect(connect.setDragDropTargets('#x', undefined as never, () => {})).toEqual(
      text('You must provide a valid options object'),
    );
    expect(connect.setDragDropTargets('#nowhere', {}, () => {})).toEqual(
      text('No valid elements for the selector given'),
    );
  });

  it('tells the client about drag and drop once RUNNING and sends dropped files', async () => {
    connect = new Connect({ ...rig.options, dragDropEnabled: true });
    connect.initSession(APP);
    await vi.advanceTimersByTimeAsync(10);
    expect(rig.client.calls()).toContainEqual({
      method: 'GET',
      path: '/connect/file/initialize-drag-drop',
      body: '',
    });
    document.body.innerHTML = '<div id="drop"></div>';
    const listener = vi.fn();
    expect(connect.setDragDropTargets('#drop', {}, listener)).toBeUndefined();
    const file = new File(['hello'], 'a.txt', { type: 'text/plain', lastModified: 0 });
    const drop = new Event('drop', { cancelable: true }) as Event & { dataTransfer: unknown };
    drop.dataTransfer = { files: [file] };
    document.getElementById('drop')?.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    const sent = rig.client.calls().find((call) => call.path === '/connect/file/dropped-files');
    expect(JSON.parse(sent?.body ?? '{}').dataTransfer.files[0]).toMatchObject({
      name: 'a.txt',
      size: 5,
      type: 'text/plain',
    });
    expect(listener).toHaveBeenCalledWith({
      event: drop,
      files: expect.objectContaining({ echo: expect.any(Object) }),
    });
  });

  it('emits transfer events from activity polling every pollingTime', async () => {
    await running();
    rig.client.iterationToken = 5;
    rig.client.transfers = [{ uuid: 'u1', status: 'running' }];
    const events: unknown[] = [];
    connect.addEventListener('transfer', (type, data) => events.push([type, data]));
    await vi.advanceTimersByTimeAsync(10);
    expect(events).toEqual([
      ['transfer', { iteration_token: 5, result_count: 1, transfers: rig.client.transfers }],
    ]);
    rig.client.iterationToken = 6;
    await vi.advanceTimersByTimeAsync(2000);
    expect(events).toHaveLength(2);
    const polls = rig.client.calls().filter((call) => call.path === '/connect/transfers/activity');
    expect(polls.map((poll) => JSON.parse(poll.body).iteration_token)).toEqual([0, 5]);
    expect(connect.removeEventListener()).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rig.client.calls().filter((call) => call.path === '/connect/transfers/activity')).toHaveLength(2);
  });

  it('rejects every call after stop() with the stopped error', async () => {
    await running();
    expect(connect.stop()).toBe(true);
    await expect(connect.version()).rejects.toEqual(STOPPED);
    const error = vi.fn();
    void connect.showAbout({ error });
    await vi.advanceTimersByTimeAsync(10);
    expect(error).toHaveBeenCalledWith(STOPPED);
    expect(rig.client.calls()).toEqual([]);
  });

  it('reports OUTDATED below minVersion and asks the client to update', async () => {
    rig.client.version = '3.9.0';
    connect = new Connect({ ...rig.options, minVersion: '4.0.0' });
    connect.initSession(APP);
    await vi.advanceTimersByTimeAsync(10);
    expect(connect.getStatus()).toBe('OUTDATED');
    const update = rig.client.calls().find((call) => call.path === '/connect/update/require');
    expect(update?.body).toBe(
      `{"min_version":"4.0.0","sdk_location":"https://d3gcli72yxqn2z.cloudfront.net/connect/v4",${SETTINGS}}`,
    );
  });
});

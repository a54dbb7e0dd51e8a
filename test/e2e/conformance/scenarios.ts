// The scenario table the differential conformance suite runs against the published Connect SDK and against ours.
// Each scenario is one page function (serialised into the page), so both SDKs see exactly the same calls.
import type { InstallState } from './page-doubles.ts';

export interface Scenario {
  name: string;
  state: InstallState;
  /**
   * Body of an async page function over `params` (given `args`), run with `window.AW4` loaded and the doubles in
   * place; it returns what the page observed. Text, so the same code reaches both pages unchanged.
   */
  body: string;
  params?: string[];
  args?: unknown[];
}

/** Options both SDKs take; only the extension bridge, so no scenario can reach a real client on this machine. */
const OPTIONS = { minVersion: '3.9.0', connectMethod: 'extension', connectLaunchWaitTimeoutMs: 1500 };

// Page-side helpers are defined inside each page function: the page has nothing but what the function carries.
const statusScenario = (
  state: InstallState,
  stopMidSession = false,
  variant?: { name: string; options: Record<string, unknown>; installer: boolean },
): Scenario => ({
  name: `status sequence: ${state}${stopMidSession ? ', client stopping mid-session' : ''}${variant ? `, ${variant.name}` : ''}`,
  state,
  params: ['options', 'stopMidSession', 'installer'],
  args: [variant?.options ?? OPTIONS, stopMidSession, variant?.installer ?? false],
  body: `
      const { AW4, conformance } = window;
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      // A page that shows the installer builds it first, as the Connect SDK's own examples do.
      if (installer) new AW4.ConnectInstaller({ sdkLocation: '/sdk' });
      const connect = new AW4.Connect(options);
      const statuses = [];
      connect.addEventListener(AW4.Connect.EVENT.STATUS, (type, status) => statuses.push([type, status]));
      const init = connect.initSession('conformance-app-0123456789');
      await sleep(3500);
      if (stopMidSession) {
        conformance.stopClient();
        await sleep(3500);
      }
      // The requests of detection and recovery, repeats in a row folded (how often a poll fires is timing).
      const probes = conformance.wireAll().map((each) => each.method + ' ' + each.uri);
      const folded = probes.filter((each, index) => each !== probes[index - 1]);
      return { init, statuses, getStatus: connect.getStatus(), probes: folded };`,
});

/** One public call: `args` are JSON, the string '$callbacks' stands for a `{success, error}` pair that records. */
export interface Call {
  method: string;
  args: unknown[];
}

const calls = (list: [string, ...unknown[]][]): Call[] => list.map(([method, ...args]) => ({ method, args }));

export const CALLS = calls([
  ['getStatus'],
  ['version'],
  ['version', '$callbacks'],
  ['initSession'],
  ['initSession', 'another-app'],
  ['addEventListener'],
  ['addEventListener', 'bogus'],
  ['addEventListener', 1, 2],
  ['removeEventListener'],
  ['removeEventListener', 'transfer'],
  ['startTransfer'],
  ['startTransfer', null],
  ['startTransfer', { remote_host: 'demo.example', direction: 'receive', paths: [{ source: '/a' }] }],
  ['startTransfer', { remote_host: 'demo.example', direction: 'send', paths: [] }, { allow_dialogs: false }],
  ['startTransferPromise'],
  ['startTransfers'],
  ['startTransfers', { transfer_specs: [] }],
  ['getTransfer'],
  ['getTransfer', 'id-1'],
  ['removeTransfer'],
  ['removeTransfer', 'id-1'],
  ['stopTransfer'],
  ['stopTransfer', 'id-1'],
  ['resumeTransfer'],
  ['resumeTransfer', 'id-1', { token: 't' }],
  ['modifyTransfer', 'id-1', { rate_policy: 'fair', target_rate_kbps: 1000 }],
  ['getAllTransfers', '$callbacks'],
  ['getAllTransfers', '$callbacks', 3],
  ['readAsArrayBuffer'],
  ['readAsArrayBuffer', {}],
  ['readAsArrayBuffer', { path: '/tmp/a.bin' }],
  ['readChunkAsArrayBuffer'],
  ['readChunkAsArrayBuffer', { path: '/tmp/a.bin' }],
  ['readChunkAsArrayBuffer', { path: '/tmp/a.bin', offset: 0, chunkSize: 10 }],
  ['getChecksum'],
  ['getChecksum', { path: '/tmp/a.bin' }],
  ['getChecksum', { path: '/tmp/a.bin', checksumMethod: 'sha1' }],
  ['showAbout'],
  ['showTransferManager'],
  ['showTransferMonitor'],
  ['showTransferMonitor', 'id-1'],
  ['showDirectory', 'id-1'],
  ['showPreferences'],
  ['showPreferencesPage'],
  ['showPreferencesPage', { page: 'bogus' }],
  ['showPreferencesPage', { page: 'network' }],
  ['showSaveFileDialog'],
  ['showSaveFileDialog', '$callbacks', { title: 'Save', suggestedName: 'a.txt' }],
  ['showSelectFileDialog'],
  ['showSelectFileDialog', '$callbacks'],
  ['showSelectFileDialogPromise'],
  ['showSelectFileDialogPromise', { allowMultipleSelection: false, title: 'Pick' }],
  ['showSelectFolderDialog', '$callbacks'],
  ['showSelectFolderDialogPromise'],
  ['testSshPorts'],
  ['testSshPorts', { remote_host: 'demo.example' }],
  ['authenticate'],
  ['authenticate', { remote_host: 'demo.example', ssh_port: 33001 }],
  ['getDroppedFiles', { dataTransfer: { files: [] } }],
  ['setDragDropTargets', '#nothing', {}, null],
]);

/** Calls made before the client answers: with no session yet, and in a session that never reaches RUNNING. */
export const EARLY_CALLS = calls([
  ['version'],
  ['getAllTransfers'],
  ['showAbout'],
  ['startTransfer', { remote_host: 'demo.example', direction: 'receive', paths: [{ source: '/a' }] }],
  ['readAsArrayBuffer', { path: '/tmp/a.bin' }],
  ['showSelectFileDialogPromise'],
]);

type CallMode = 'running' | 'no session' | 'not running';

const callScenario = (name: string, state: InstallState, list: Call[], mode: CallMode): Scenario => ({
  name,
  state,
  params: ['calls', 'options', 'mode'],
  args: [list, OPTIONS, mode],
  body: `
      const { AW4, conformance } = window;
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const plain = (value) => {
        if (value instanceof Error) return { error: value.name, message: value.message };
        if (typeof value === 'function') return 'function';
        if (value === undefined) return '<undefined>';
        return JSON.parse(JSON.stringify(value));
      };
      const connect = new AW4.Connect(options);
      if (mode === 'running')
        await new Promise((resolve) => {
          connect.addEventListener(AW4.Connect.EVENT.STATUS, (_type, status) => status === 'RUNNING' && resolve());
          connect.initSession('conformance-app-0123456789');
        });
      if (mode === 'not running') connect.initSession('conformance-app-0123456789');
      await sleep(200);
      const results = [];
      for (const { method, args } of calls) {
        const seen = [];
        const callbacks = {
          success: (value) => seen.push({ success: plain(value) }),
          error: (value) => seen.push({ error: plain(value) }),
        };
        const actual = args.map((arg) => (arg === '$callbacks' ? callbacks : arg));
        const before = conformance.wire().length;
        const result = { call: method + '(' + args.map((arg) => JSON.stringify(arg)).join(', ') + ')' };
        try {
          const value = connect[method](...actual);
          if (value && typeof value.then === 'function') {
            result.promise = await Promise.race([
              value.then((v) => ({ resolved: plain(v) }), (e) => ({ rejected: plain(e) })),
              sleep(1500).then(() => 'pending'),
            ]);
          } else {
            result.returned = plain(value);
            await sleep(100);
          }
        } catch (error) {
          result.threw = plain(error);
        }
        result.callbacks = seen;
        result.wire = conformance.wire().slice(before);
        results.push(result);
      }
      return results;`,
});

const eventsScenario: Scenario = {
  name: 'transfer and status events, their order and the activity polls',
  state: 'present',
  params: ['options'],
  args: [{ ...OPTIONS, pollingTime: 300 }],
  body: `
      const { AW4, conformance } = window;
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const events = [];
      const connect = new AW4.Connect(options);
      const record = (kind) => (type, data) =>
        events.push([kind, type, typeof data === 'string' ? data : data && { iteration_token: data.iteration_token, result_count: data.result_count, ids: (data.transfers || []).map((t) => t.uuid + ':' + t.status) }]);
      connect.addEventListener(AW4.Connect.EVENT.ALL, record('all'));
      connect.addEventListener(AW4.Connect.EVENT.STATUS, record('status'));
      connect.addEventListener(AW4.Connect.EVENT.TRANSFER, record('transfer'));
      connect.initSession('conformance-app-0123456789');
      await sleep(1000);
      conformance.setTransfers([{ uuid: 't-1', status: 'running', percentage: 0.5 }], 7);
      await sleep(1000);
      conformance.setTransfers([{ uuid: 't-1', status: 'completed', percentage: 1 }], 8);
      await sleep(1000);
      const removed = connect.removeEventListener(AW4.Connect.EVENT.TRANSFER);
      // How many polls fire in a second is timing: each listener's events are compared with repeats in a row
      // folded, and the order across listeners on the first six events (two statuses and the first poll).
      const fold = (kind) => {
        const mine = events.filter((each) => each[0] === kind).map((each) => JSON.stringify(each.slice(1)));
        return mine.filter((each, index) => each !== mine[index - 1]).map((each) => JSON.parse(each));
      };
      const folded = { all: fold('all'), status: fold('status'), transfer: fold('transfer'), first: events.slice(0, 6) };
      const polls = conformance.wire().filter((each) => each.uri === '/connect/transfers/activity').map((each) => each.body);
      const tokens = polls.map((body) => body.iteration_token).filter((each, index, all) => each !== all[index - 1]);
      return { events: folded, removed, tokens, poll: polls[0] };`,
};

const loggerScenario: Scenario = {
  name: 'AW4.Logger at each level',
  state: 'nothing',
  body: `
      const { AW4, conformance } = window;
      const out = [];
      for (const level of [0, 1, 2]) {
        AW4.Logger.setLevel(level);
        conformance.observed.console.length = 0;
        AW4.Logger.debug('debug', 1);
        AW4.Logger.log('log', { a: 1 });
        AW4.Logger.warn('warn');
        AW4.Logger.error('error', new Error('boom'));
        AW4.Logger.trace('trace', [1, 2]);
        out.push({ level, stored: localStorage.getItem('aspera-log-level'), console: [...conformance.observed.console] });
      }
      AW4.Logger.setLevel(0);
      return { keys: Object.keys(AW4.Logger).sort(), out };`,
};

const utilsScenario: Scenario = {
  name: 'AW4.Utils',
  state: 'nothing',
  body: `
      const { AW4 } = window;
      const U = AW4.Utils;
      const attempt = (fn) => {
        try {
          const value = fn();
          return value === undefined ? '<undefined>' : JSON.parse(JSON.stringify(value));
        } catch (error) {
          return { threw: error.name, message: error.message };
        }
      };
      return {
        keys: Object.keys(U).sort(),
        BROWSER: Object.keys(U.BROWSER ?? {}).sort(),
        versionLessThan: [['3.9.0', '4.0.0'], ['4.2.0', '4.2.0'], ['10.0', '9.9'], ['3.9', '3.9.0']].map(
          ([a, b]) => attempt(() => U.versionLessThan(a, b)),
        ),
        atou: attempt(() => U.atou(U.utoa('héllo ✓'))),
        utoa: attempt(() => U.utoa('héllo ✓')),
        getFullURI: ['/a/b', 'https://x.example/y', ''].map((uri) => attempt(() => U.getFullURI(uri))),
        launchConnect: typeof U.launchConnect,
        getFullURIRelative: attempt(() => typeof U.getFullURI('relative')),
      };`,
};

export const SCENARIOS: Scenario[] = [
  statusScenario('nothing'),
  statusScenario('extension-only'),
  statusScenario('outdated'),
  statusScenario('present'),
  statusScenario('silent-client'),
  statusScenario('present', true),
  // The page's defaults (no minVersion, no connectMethod) with the launch wait a page typically sets.
  statusScenario('nothing', false, {
    name: 'no minVersion, connectLaunchWaitTimeoutMs 2000',
    options: { connectLaunchWaitTimeoutMs: 2000 },
    installer: false,
  }),
  statusScenario('nothing', false, {
    name: 'no minVersion, connectLaunchWaitTimeoutMs 2000, with the installer',
    options: { connectLaunchWaitTimeoutMs: 2000 },
    installer: true,
  }),
  callScenario(
    'public methods with valid, missing and invalid arguments (everything present)',
    'present',
    CALLS,
    'running',
  ),
  callScenario(
    'public methods before initSession (everything present)',
    'present',
    EARLY_CALLS,
    'no session',
  ),
  callScenario('public methods while nothing is installed', 'nothing', EARLY_CALLS, 'not running'),
  eventsScenario,
  loggerScenario,
  utilsScenario,
];

// Bundled for the browser (esbuild, IIFE) and loaded before either SDK: the same test doubles for both. The
// extension double stands in for the content script (DOM events in, window messages out), behind it a scripted
// client; the XMLHttpRequest double is the fake local HTTP server, with no port open unless a scenario opens one,
// so neither SDK ever reaches a real client on this machine. Scenarios drive it through `window.conformance`.
import { LARGE_REPLY_PATH } from '../../../sdk/src/bridge/extension/large-reply.ts';
import { TestDoubleClient } from '../../../sdk/src/test-doubles/test-double-client.ts';
import { TestDoubleExtension } from '../../../sdk/src/test-doubles/test-double-extension.ts';
import { TestDoubleXhrServer } from '../../../sdk/src/test-doubles/test-double-xhr-server.ts';

/** What is installed on the visitor's computer, as a page can tell. */
export type InstallState = 'nothing' | 'extension-only' | 'outdated' | 'present' | 'silent-client';

/** What a page can observe, in order: status events, console output, requests on the wire. */
export interface Observed {
  statuses: string[];
  console: { method: string; args: unknown[] }[];
  wire: { method: string; uri: string; body: unknown }[];
}

const HOST_NOT_FOUND = 'Specified native messaging host not found.';

function install(state: InstallState) {
  const client = new TestDoubleClient();
  if (state === 'outdated') client.version = '3.6.0';
  const xhr = new TestDoubleXhrServer(client);
  xhr.listening.clear();
  window.XMLHttpRequest = xhr.XMLHttpRequest;
  if (state === 'nothing') return { client, extension: undefined };
  const extension = new TestDoubleExtension(client);
  if (state === 'silent-client') extension.silent = true;
  if (state === 'extension-only') {
    // The content script is there, the native host is not: every request ends in the browser's disconnect text.
    extension.silent = true;
    document.addEventListener('AsperaConnectRequest', () =>
      setTimeout(() => extension.disconnect(HOST_NOT_FOUND), 0),
    );
  }
  return { client, extension };
}

const observed: Observed = { statuses: [], console: [], wire: [] };
let installed: ReturnType<typeof install> | undefined;

const conformance = {
  observed,
  install(state: InstallState) {
    installed = install(state);
  },
  /** The client goes away mid-session: the host disconnects once, then nothing answers. */
  stopClient() {
    if (!installed?.extension) return;
    installed.extension.silent = true;
    installed.extension.disconnect('Native host has exited.');
  },
  /**
   * The requests the extension carried, bodies parsed, detection probes (ping, version) left out, and Rapid's
   * large-reply ticket request too: transport (sdk/LARGE-REPLIES.md) the scripted client answers 404, after which
   * the read itself follows on the wire as Connect sends it.
   */
  wire() {
    return conformance
      .wireAll()
      .filter((each) => !/\/connect\/info\/(ping|version)$/.test(each.uri) && each.uri !== LARGE_REPLY_PATH);
  },
  /** Every request the extension carried, in order, bodies parsed. */
  wireAll() {
    return (installed?.extension?.envelopes ?? [])
      .map((raw) => raw as { method: string; uri_reference: string; body: string })
      .map((each) => ({ method: each.method, uri: each.uri_reference, body: parse(each.body) }));
  },
  /** The client's transfer list, as the activity call reports it from now on. */
  setTransfers(transfers: Record<string, unknown>[], iterationToken: number) {
    if (!installed) return;
    installed.client.transfers = transfers;
    installed.client.iterationToken = iterationToken;
  },
  /** Every console call from now on, recorded (and still printed). */
  recordConsole() {
    for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      const original = console[method].bind(console);
      console[method] = (...args: unknown[]) => {
        observed.console.push({ method, args: args.map(plain) });
        original(...args);
      };
    }
  },
};

function parse(body: string): unknown {
  try {
    return body === '' ? '' : JSON.parse(body);
  } catch {
    return body;
  }
}

/** A value as the test compares it: errors by name and message, functions by kind. */
function plain(value: unknown): unknown {
  if (value instanceof Error) return { error: value.name, message: value.message };
  if (typeof value === 'function') return 'function';
  try {
    return JSON.parse(JSON.stringify(value ?? null));
  } catch {
    return String(value);
  }
}

Object.assign(window, { conformance });

// The scenario's installation state comes with the page address, so the doubles are in place before the SDK loads.
const requested = new URLSearchParams(location.search).get('state');
if (requested) conformance.install(requested as InstallState);
conformance.recordConsole();

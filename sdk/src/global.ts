import { ScriptTagConnect } from './connect/callback-returns.ts';
import { ConnectInstaller } from './installer/index.ts';
import { Logger } from './logger/logger.ts';
import { Utils } from './util/utils.ts';

// Script-tag entry: defines window.AW4, merged so that a page's own AW4.* keys win (connect-protocol.md §3).

/** `AW4.Connect` called without `new` fails with the Connect SDK's own text rather than the engine's. */
const ConnectConstructor = new Proxy(ScriptTagConnect, {
  apply() {
    throw new Error('Connect() must be called with new');
  },
});

const target = window as { AW4?: Record<string, unknown> };
target.AW4 = { Connect: ConnectConstructor, ConnectInstaller, Logger, Utils, ...target.AW4 };

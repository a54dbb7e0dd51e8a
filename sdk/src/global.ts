import { Connect, ConnectInstaller, Logger, Utils } from './aw4.ts';

// Script-tag entry: defines window.AW4, merged so that a page's own AW4.* keys win (connect-protocol.md §3).
// `aw4.ts` is the namespace the reference documents; global.test.ts holds the two to the same keys.
const target = window as { AW4?: Record<string, unknown> };
target.AW4 = { Connect, ConnectInstaller, Logger, Utils, ...target.AW4 };

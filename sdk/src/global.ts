import { Connect } from './connect/connect.ts';
import { ConnectInstaller } from './installer/index.ts';

// Script-tag entry: defines window.AW4, merged so that a page's own AW4.* keys win (connect-protocol.md §3).
const existing = (window as { AW4?: Record<string, unknown> }).AW4;
(window as { AW4?: Record<string, unknown> }).AW4 = { Connect, ConnectInstaller, ...existing };

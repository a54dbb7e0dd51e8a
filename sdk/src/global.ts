import { Connect } from './connect/connect.ts';
import { Logger } from './logger/logger.ts';
import { Utils } from './util/utils.ts';

// Script-tag entry: defines window.AW4, merged so that a page's own AW4.* keys win (connect-protocol.md §3).
// ConnectInstaller joins here when it lands.
const target = window as { AW4?: Record<string, unknown> };
target.AW4 = { Connect, Logger, Utils, ...target.AW4 };

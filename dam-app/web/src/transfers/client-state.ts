import type { PublicStatus } from '@rapid/sdk';
import type { MessageKey } from '../i18n/messages-en.ts';

/** The person's words for the client's status (the panel says "Rapid client: ready", not "RUNNING"). */
export const clientStateKey = (status: PublicStatus): MessageKey => `transfer.clientState.${status}`;

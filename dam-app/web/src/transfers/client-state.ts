import { type PublicStatus, TRANSFER_STATUS, type TransferStatus } from '@rapid/sdk';
import type { MessageKey } from '../i18n/messages-en.ts';

/** The person's words for the client's status (the panel says "Rapid client: ready", not "RUNNING"). */
export const clientStateKey = (status: PublicStatus): MessageKey => `transfer.clientState.${status}`;

const TRANSFER_STATES = new Set<string>(Object.values(TRANSFER_STATUS));

/** A transfer's status in the person's words ("terminé", not "completed"); undefined for one the app does not know. */
export const transferStateKey = (status: string): MessageKey | undefined =>
  TRANSFER_STATES.has(status) ? (`transfer.state.${status as TransferStatus}` as const) : undefined;

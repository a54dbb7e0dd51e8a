import { ACTIVITY_PUSH, type Connect } from '../connect/connect.ts';
import type { AllTransfersInfo } from '../core/types.ts';
import { Logger } from '../logger/logger.ts';
import { MessagingClient } from './messaging-client.ts';
import type { MessagingSettings } from './messaging-settings.ts';

/**
 * The topic on which the local client publishes `AllTransfersInfo` as transfers change.
 *
 * @example await client.subscribe(ACTIVITY_TOPIC, ([activity]) => render(activity));
 */
export const ACTIVITY_TOPIC = 'com.rapid.connect.transfers.activity';

/**
 * Delivers transfer activity to `connect` by push from the local client's WAMP router instead of polling.
 * Polling pauses while the router connection is open and resumes whenever it is not, so it stays the fallback.
 * Returns the function that detaches.
 *
 * @param settings where the router is; {@link MESSAGING_DEFAULTS} by default
 * @example const detach = attachActivityPush(connect); // later: detach()
 */
export function attachActivityPush(connect: Connect, settings: MessagingSettings = {}): () => void {
  const client = new MessagingClient(settings, (live) => connect[ACTIVITY_PUSH]({ live }));
  void client
    .subscribe(ACTIVITY_TOPIC, (args) => connect[ACTIVITY_PUSH]({ activity: args[0] as AllTransfersInfo }))
    .then(() => client.open())
    .catch((error: unknown) => Logger.debug('Activity push unavailable; polling stays on.', error));
  return () => {
    client.close();
    connect[ACTIVITY_PUSH]({ live: false });
  };
}

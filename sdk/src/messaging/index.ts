/**
 * `@rapid/sdk/messaging`: the WAMP messaging layer (autobahn), kept out of the script-tag bundle.
 * `attachActivityPush(connect)` moves transfer events from polling to push when the local client runs a WAMP
 * router; polling stays the fallback.
 *
 * @module \@rapid/sdk/messaging
 */
export { ACTIVITY_TOPIC, attachActivityPush } from './activity-push.ts';
export { type EventHandler, MessagingClient } from './messaging-client.ts';
export { MESSAGING_ERRORS, MessagingError, type MessagingErrorCode } from './messaging-errors.ts';
export { MESSAGING_DEFAULTS, type MessagingSettings, RECONNECT, websocketUrl } from './messaging-settings.ts';

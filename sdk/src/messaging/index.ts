// `@rapid/sdk/messaging`: the WAMP messaging layer (autobahn), kept out of the script-tag bundle.
export { ACTIVITY_TOPIC, attachActivityPush } from './activity-push.ts';
export { type EventHandler, MessagingClient } from './messaging-client.ts';
export { MESSAGING_ERRORS, MessagingError, type MessagingErrorCode } from './messaging-errors.ts';
export { MESSAGING_DEFAULTS, type MessagingSettings, RECONNECT, websocketUrl } from './messaging-settings.ts';

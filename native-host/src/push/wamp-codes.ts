/** WAMP v2 message type codes of the basic profile (RFC draft "The Web Application Messaging Protocol"). */
export const WAMP = {
  HELLO: 1,
  WELCOME: 2,
  ABORT: 3,
  GOODBYE: 6,
  ERROR: 8,
  PUBLISH: 16,
  PUBLISHED: 17,
  SUBSCRIBE: 32,
  SUBSCRIBED: 33,
  UNSUBSCRIBE: 34,
  UNSUBSCRIBED: 35,
  EVENT: 36,
  CALL: 48,
  RESULT: 50,
  REGISTER: 64,
  REGISTERED: 65,
  UNREGISTER: 66,
  UNREGISTERED: 67,
  INVOCATION: 68,
  YIELD: 70,
} as const;

export const WAMP_ERRORS = {
  invalidUri: 'wamp.error.invalid_uri',
  noSuchSubscription: 'wamp.error.no_such_subscription',
  noSuchRegistration: 'wamp.error.no_such_registration',
  noSuchProcedure: 'wamp.error.no_such_procedure',
  procedureExists: 'wamp.error.procedure_already_exists',
  invalidArgument: 'wamp.error.invalid_argument',
  protocolViolation: 'wamp.error.protocol_violation',
  noSuchRealm: 'wamp.error.no_such_realm',
  notAuthorized: 'wamp.error.not_authorized',
} as const;

/** Strict URI rule of the spec: dot-separated components of lower-case letters, digits and underscores. */
export const WAMP_URI = /^([0-9a-z_]+\.)*[0-9a-z_]+$/;

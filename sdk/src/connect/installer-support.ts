/**
 * Set by `ConnectInstaller` when it can walk the visitor through installing the extension (a carbon-style
 * installer); the request handler then prefers EXTENSION_INSTALL over HTTP for 3.9+ minimums (spec §4 step 4).
 */
export const installerSupport = { supportsInstallingExtensions: false };

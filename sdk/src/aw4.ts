/**
 * `window.AW4`: what the script tag defines (`connect-sdk.min.js`, or `asperaweb-4.min.js` for pages pinned to the
 * 3.x/4.x name), merged into an existing `AW4` so that a page's own keys win. Load it, then use `AW4.Connect` as
 * with the Connect SDK:
 *
 * ```html
 * <script src="/sdk/js/connect-sdk.min.js"></script>
 * <script>
 *   const connect = new AW4.Connect({ minVersion: '3.9.0' });
 *   connect.initSession();
 * </script>
 * ```
 *
 * The ESM build (`@rapid/sdk`) exports the same classes; its `Connect` also returns the promise when given
 * callbacks, where `AW4.Connect` returns `undefined` as the Connect SDK does.
 *
 * @module AW4
 */
import { ScriptTagConnect } from './connect/callback-returns.ts';
import type { Connect as EsmConnect } from './connect/connect.ts';

export { ConnectInstaller } from './installer/index.ts';
export { Logger } from './logger/logger.ts';
export { Utils } from './util/utils.ts';

/**
 * `AW4.Connect`: {@link @rapid/sdk!Connect | Connect} as the script tag defines it. A method given `{success, error}`
 * callbacks returns `undefined`, as the Connect SDK's does; without callbacks it returns the promise. Calling it
 * without `new` throws `Connect() must be called with new`.
 *
 * @example const connect = new AW4.Connect({ minVersion: '3.9.0' }); connect.initSession();
 */
export const Connect: typeof EsmConnect = new Proxy(ScriptTagConnect, {
  apply() {
    throw new Error('Connect() must be called with new');
  },
});

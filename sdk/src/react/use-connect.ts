import { createContext, createElement, type ReactNode, useContext, useEffect, useState } from 'react';
import { Connect } from '../connect/connect.ts';
import type { ConnectOptions } from '../connect/options.ts';

const ConnectContext = createContext<Connect | undefined>(undefined);

/**
 * One `Connect` for the component's lifetime: created on first render, its session started in an effect (so
 * never on the server) and stopped on unmount. Options are read once, as the constructor reads them.
 *
 * @param appId passed to `initSession`
 * @example const connect = useConnect({ minVersion: '3.9.0' });
 */
export function useConnect(options?: ConnectOptions, appId?: string): Connect {
  const [connect] = useState(() => new Connect(options));
  useEffect(() => {
    // StrictMode (development) runs each effect, its cleanup, then the effect again: the first run initialised the
    // session and the cleanup stopped it, so the second run restarts it rather than initialising again.
    if ('error' in connect.initSession(appId)) connect.start();
    return () => {
      connect.stop();
    };
  }, [connect, appId]);
  return connect;
}

/**
 * Gives the hooks below a `Connect` without passing it down: `<ConnectProvider options={…}>`.
 *
 * @example <ConnectProvider options={{ minVersion: '3.9.0' }}><Uploads /></ConnectProvider>
 */
export function ConnectProvider(props: {
  /** The `Connect` options, read once. */
  options?: ConnectOptions;
  /** Passed to `initSession`. */
  appId?: string;
  /** The components that use the hooks. */
  children?: ReactNode;
}) {
  const connect = useConnect(props.options, props.appId);
  return createElement(ConnectContext.Provider, { value: connect }, props.children);
}

/** The given instance, else the provider's; a hook used outside both is a programming error. */
export function useConnectInstance(given?: Connect): Connect {
  const provided = useContext(ConnectContext);
  const connect = given ?? provided;
  if (!connect) throw new Error('Pass a Connect to this hook or render it inside <ConnectProvider>.');
  return connect;
}

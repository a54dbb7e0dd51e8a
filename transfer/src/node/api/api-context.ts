import type { HttpSessions } from '../http-sessions.ts';
import type { NodeConfig } from '../node-config.ts';
import type { Storage } from '../storage.ts';
import type { TransferStore } from '../transfer-store.ts';
import type { HttpUploads } from './http-uploads.ts';

export interface ApiContext {
  config: NodeConfig;
  store: TransferStore;
  storage: Storage;
  uploads: HttpUploads;
  httpSessions: HttpSessions;
  /** `sshfp` for clients to pin the control channel's certificate. */
  fingerprint: string;
  ports: { api: number; control: number; udp: number };
}

/** A handler's answer, written by the router (or raw, for `CANCEL`). */
export interface ApiReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export const errorReply = (status: number, user_message: string): ApiReply => ({
  status,
  body: {
    error: {
      code: status,
      reason: status === 404 ? 'Not Found' : status === 401 ? 'Unauthorized' : 'Bad Request',
      user_message,
    },
  },
});

import type { HelloMessage } from '@rapid/protocol';
import { joinRelative } from '../fs/confine-path.ts';
import type { RateSettings } from '../rate/rate-controller.ts';
import type { SenderFile } from '../session/sender.ts';
import type { NodeConfig } from './node-config.ts';
import type { NodeTransfer, TransferStore } from './transfer-store.ts';

/** The transfer a session belongs to (one per `xfer_id`, UDP or HTTPS alike), created by its first session. */
export function openTransfer(
  store: TransferStore,
  id: string,
  hello: HelloMessage,
  spec: Record<string, unknown>,
): NodeTransfer {
  return store.upsert(id, () => ({
    id,
    status: 'running',
    direction: hello.direction,
    startSpec: spec,
    cookie: hello.cookie || null,
    tags: hello.tags,
    sessions: [],
    errorCode: 0,
    errorDesc: '',
    startMs: Date.now(),
    endMs: 0,
    control: undefined,
    placements: {},
  }));
}

/** The transfer's `start_spec` as `/ops/transfers` shows it (node-api.md §3.6). */
export function startSpec(
  hello: HelloMessage,
  config: NodeConfig,
  rate: RateSettings,
  files: SenderFile[],
): Record<string, unknown> {
  return {
    direction: hello.direction,
    remote_host: config.advertisedHost,
    remote_user: config.transferUser,
    source_paths:
      hello.direction === 'receive'
        ? hello.paths.map((p) => joinRelative(hello.source_root, p.source))
        : hello.paths.map((p) => p.source),
    destination_path:
      hello.direction === 'send' ? joinRelative(hello.destination_root) : hello.destination_root,
    cookie: hello.cookie,
    tags: hello.tags,
    token_type: 'auth_token',
    fasp_port: config.udpPort,
    ssh_port: config.controlPort,
    rate_policy: rate.rate_policy,
    target_rate_kbps: rate.target_rate_kbps,
    min_rate_kbps: rate.min_rate_kbps,
    cipher: hello.cipher,
    resume_policy: hello.resume,
    overwrite_policy: hello.overwrite,
    precalc_enabled: true,
    number_of_parts: 1,
    endpoint: 'server',
    files_offered: files.length,
  };
}

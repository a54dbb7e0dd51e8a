import type { HelloMessage, RapidTransferSpec } from '@rapid/protocol';
import type { RateSettings } from '../rate/rate-controller.ts';
import { PACKET_VERSIONS } from '../wire/packet.ts';
import { dgramSizeOf, overwritePolicyOf, resumePolicyOf } from './normalize-spec.ts';

/**
 * The `hello` a spec opens a session with, on the control channel (with the MTU towards the node, for the datagram
 * size) or `POST /files/http_sessions`.
 */
export function helloOf(spec: RapidTransferSpec, rate: RateSettings, mtu?: number): HelloMessage {
  return {
    t: 'hello',
    version: 1,
    token: spec.token ?? '',
    direction: spec.direction,
    paths: spec.paths,
    source_root: spec.source_root ?? '',
    destination_root: spec.direction === 'send' ? (spec.destination_root ?? '') : '',
    create_dir: spec.create_dir ?? true,
    cookie: spec.cookie ?? '',
    tags: spec.tags ?? {},
    rate,
    cipher: spec.cipher ?? 'aes-128',
    resume: resumePolicyOf(spec),
    overwrite: overwritePolicyOf(spec),
    file_checksum: spec.file_checksum ?? 'none',
    preserve_times: spec.preserve_times ?? spec.preserve_modification_time ?? false,
    dgram_size: dgramSizeOf(spec),
    ...(mtu === undefined ? {} : { mtu }),
    accepts_files_done: true,
    packet_versions: [...PACKET_VERSIONS],
  };
}

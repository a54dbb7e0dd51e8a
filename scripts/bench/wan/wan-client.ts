import { request } from 'node:https';
import { drain } from '../../../transfer/src/engine/http-client.ts';
import { TransferEngine } from '../../../transfer/src/engine/transfer-engine.ts';

// Runs inside the client namespace of the WAN emulator: asks the node for a spec, runs one Rapid transfer, prints
// one JSON line. The node's certificate is self-signed for another name, so the setup call skips verification (a
// benchmark on private namespaces); the transfer itself pins the certificate through sshfp.
const config = JSON.parse(process.env.RAPID_WAN_CLIENT ?? '{}') as {
  api: string;
  auth: string;
  direction: 'up' | 'down';
  remotePath: string;
  localPath: string;
  localDir: string;
  targetKbps: number;
  policy: string;
};

function setup(): Promise<Record<string, unknown>> {
  const kind = config.direction === 'up' ? 'upload' : 'download';
  const transferRequest =
    config.direction === 'up' ? { destination_root: '/up' } : { paths: [{ source: config.remotePath }] };
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`/files/${kind}_setup`, config.api),
      {
        method: 'POST',
        rejectUnauthorized: false,
        headers: { Authorization: config.auth, 'Content-Type': 'application/json' },
      },
      (res) =>
        drain(res)
          .then(
            (text) =>
              (JSON.parse(text) as { transfer_specs: { transfer_spec: Record<string, unknown> }[] })
                .transfer_specs[0]?.transfer_spec ?? {},
          )
          .then(resolve, reject),
    );
    req.on('error', reject);
    req.end(JSON.stringify({ transfer_requests: [{ transfer_request: transferRequest }] }));
  });
}

const spec = await setup();
const full = {
  ...spec,
  ...(config.direction === 'up'
    ? { paths: [{ source: config.localPath }], destination_root: '/up' }
    : { destination_root: config.localDir }),
  target_rate_kbps: config.targetKbps,
  rate_policy: config.policy,
  resume: 'none',
  overwrite: 'always',
};
const start = performance.now();
const handle = new TransferEngine({ progressIntervalMs: 10 }).start(full, { retries: 0 });
// The data phase starts with the first byte on the wire: before it, the session's set-up round trips.
let firstByteMs = 0;
const first = (progress: { bytes_transferred: number }) => {
  if (progress.bytes_transferred === 0) return;
  firstByteMs = performance.now() - start;
  handle.off('progress', first);
};
handle.on('progress', first);
const info = await handle.done();
process.stdout.write(
  `${JSON.stringify({ ms: performance.now() - start, firstByteMs, status: info.status, bytes: info.bytes_expected, lost: info.bytes_lost, error: info.error_desc })}\n`,
);
process.exit(0);

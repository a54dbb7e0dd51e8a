import { TransferEngine } from '../engine/transfer-engine.ts';

// Test support: runs one transfer in its own process (so a test can SIGKILL it) and prints progress as JSON lines.
const spec = JSON.parse(process.env.RAPID_TEST_SPEC ?? '{}');
const engine = new TransferEngine({ progressIntervalMs: 50, retryBaseMs: 100 });
const handle = engine.start(spec, { retries: 0 });
handle.on('progress', (info) =>
  process.stdout.write(
    `${JSON.stringify({ status: info.status, bytes_written: info.bytes_written, bytes_expected: info.bytes_expected })}\n`,
  ),
);
handle.done().then((info) => {
  process.stdout.write(
    `${JSON.stringify({ done: true, status: info.status, error_code: info.error_code })}\n`,
  );
  process.exit(0);
});

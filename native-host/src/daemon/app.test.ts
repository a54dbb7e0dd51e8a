import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allTransfersInfo, CONNECT_API_VERSION, connectErrorBody, transferInfo } from '@rapid/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE, startTestDaemon } from './test-daemon.ts';

let daemon: Awaited<ReturnType<typeof startTestDaemon>>;
afterEach(() => daemon?.close());

const receive = (name: string, tags?: Record<string, unknown>) => ({
  transfer_specs: [
    {
      transfer_spec: {
        paths: [{ source: `/remote/${name}`, destination: name }],
        remote_host: 'node.example',
        direction: 'receive',
        token: 'secret-token',
        ...(tags ? { tags } : {}),
      },
      aspera_connect_settings: { app_id: 'app', request_id: 'req-1', back_link: `${PAGE}/upload` },
    },
  ],
  aspera_connect_settings: { app_id: 'app' },
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('info calls', () => {
  it('answers ping, version, ready and update/require', async () => {
    daemon = await startTestDaemon();
    expect(await daemon.call('GET', '/connect/info/ping')).toEqual({ status: 200, body: {} });
    expect(await daemon.call('GET', '/connect/info/version')).toEqual({
      status: 200,
      body: { version: CONNECT_API_VERSION, system_wide: false },
    });
    expect((await daemon.call('GET', '/connect/info/ready')).status).toBe(200);
    expect(
      (await daemon.call('POST', '/connect/update/require', { min_version: '3.9.0', sdk_location: 'x' }))
        .status,
    ).toBe(200);
  });

  it('authenticates through the engine and reports failed credentials as 401', async () => {
    daemon = await startTestDaemon();
    expect((await daemon.call('POST', '/connect/info/authenticate', { remote_host: 'h' })).status).toBe(200);
    const refused = await daemon.call('POST', '/connect/info/authenticate', {
      remote_host: 'h',
      remote_password: 'wrong',
    });
    expect(refused).toEqual({
      status: 401,
      body: { error: { code: 401, internal_message: 'Unauthorized', user_message: 'Authentication Failed' } },
    });
  });

  it('tests ports with a real TCP connection', async () => {
    daemon = await startTestDaemon();
    const { createServer } = await import('node:net');
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    expect(
      (await daemon.call('POST', '/connect/info/ports', { remote_host: '127.0.0.1', ssh_port: port })).status,
    ).toBe(200);
    server.close();
    const closed = await daemon.call('POST', '/connect/info/ports', {
      remote_host: '127.0.0.1',
      ssh_port: port,
      timeout_sec: 1,
    });
    expect(closed.status).toBe(504);
    expect(connectErrorBody.parse(closed.body).error.code).toBe(15);
  });

  it('answers an unknown call with 404 and a bad body with the Invalid request error', async () => {
    daemon = await startTestDaemon();
    const missing = await daemon.call('GET', '/invalid/uri');
    expect(missing.status).toBe(404);
    expect(connectErrorBody.parse(missing.body).error.user_message).toContain('GET /invalid/uri');
    const invalid = await daemon.call('POST', '/connect/transfers/start', { transfer_specs: [] });
    expect(invalid.status).toBe(400);
    expect(connectErrorBody.parse(invalid.body).error).toMatchObject({
      code: -1,
      internal_message: 'Invalid request',
    });
  });
});

describe('transfers', () => {
  it('starts, reports only changed records by iteration token, and completes', async () => {
    daemon = await startTestDaemon();
    const started = await daemon.call('POST', '/connect/transfers/start', receive('a.bin'));
    expect(started.status).toBe(200);
    const [spec] = started.body.transfer_specs;
    expect(spec.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(spec.tags).toEqual({ aspera: { index: 0, xfer_id: spec.uuid, xfer_retry: 0 } });
    expect(spec.transfer_spec.tags.aspera.xfer_id).toBe(spec.uuid);
    expect(spec.aspera_connect_settings.request_id).toBe('req-1');
    expect(spec.transfer_spec.token).toBeUndefined();

    const all = allTransfersInfo.parse(
      (await daemon.call('POST', '/connect/transfers/activity', { iteration_token: 0 })).body,
    );
    expect(all.result_count).toBe(1);
    const done = await until(
      async () =>
        transferInfo.parse(
          (await daemon.call('POST', `/connect/transfers/info/${spec.uuid}`, {})).body.transfer_info,
        ),
      (info) => info.status === 'completed',
    );
    expect(done).toMatchObject({
      percentage: 1,
      bytes_written: 5000,
      bytes_expected: 5000,
      previous_status: 'running',
    });
    expect(done.files).toHaveLength(1);
    expect(done.end_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    const after = (
      await daemon.call('POST', '/connect/transfers/activity', {
        iteration_token: done.transfer_iteration_token,
      })
    ).body;
    expect(after).toMatchObject({
      result_count: 0,
      transfers: [],
      iteration_token: done.transfer_iteration_token,
    });
    // Another origin sees nothing of it.
    const other = await daemon.call('POST', '/connect/transfers/activity', {}, 'https://evil.example');
    expect(other.body.result_count).toBe(0);
    expect(
      (await daemon.call('POST', `/connect/transfers/info/${spec.uuid}`, {}, 'https://evil.example')).status,
    ).toBe(404);
  });

  it('modifies the rate, stops, resumes and removes', async () => {
    daemon = await startTestDaemon({ tickMs: 20, bytesPerTick: 10, fileBytes: 100_000 });
    const id = (await daemon.call('POST', '/connect/transfers/start', receive('big.bin'))).body
      .transfer_specs[0].uuid;
    await until(
      async () => (await daemon.call('POST', `/connect/transfers/info/${id}`, {})).body.transfer_info.status,
      (status) => status === 'running',
    );
    const modified = await daemon.call('POST', `/connect/transfers/modify/${id}`, {
      target_rate_kbps: 5000,
      rate_policy: 'fixed',
    });
    expect(modified.body).toMatchObject({ target_rate_kbps: 5000, rate_policy: 'fixed' });
    expect(daemon.engine.rateChanges).toEqual([
      { id, rate: { target_rate_kbps: 5000, rate_policy: 'fixed' } },
    ]);

    expect((await daemon.call('POST', `/connect/transfers/stop/${id}`, {})).body).toEqual({});
    const stopped = (await daemon.call('POST', `/connect/transfers/info/${id}`, {})).body.transfer_info;
    expect(stopped.status).toBe('cancelled');

    const resumed = await daemon.call('POST', `/connect/transfers/resume/${id}`, { token: 'fresh' });
    expect(resumed.status).toBe(200);
    expect(resumed.body.transfer_spec.token).toBeUndefined();
    await until(
      async () => (await daemon.call('POST', `/connect/transfers/info/${id}`, {})).body.transfer_info.status,
      (status) => status === 'running',
    );
    expect(daemon.engine.started.filter((each) => each === id)).toHaveLength(2);

    expect((await daemon.call('POST', `/connect/transfers/remove/${id}`, {})).body).toEqual({});
    const all = await daemon.call('POST', '/connect/transfers/activity', { iteration_token: 0 });
    expect(all.body.result_count).toBe(0);
    expect(
      (await daemon.call('POST', '/connect/transfers/modify/nope', { target_rate_kbps: 1 })).status,
    ).toBe(404);
  });

  it('retries a retryable failure (willretry) and fails a fatal one with its code', async () => {
    daemon = await startTestDaemon();
    const flaky = (
      await daemon.call(
        'POST',
        '/connect/transfers/start',
        receive('flaky.bin', { test_double: { fail_at_bytes: 2000, code: 16, retryable: true, times: 1 } }),
      )
    ).body.transfer_specs[0].uuid;
    const fatal = (
      await daemon.call(
        'POST',
        '/connect/transfers/start',
        receive('fatal.bin', { test_double: { fail_at_bytes: 1000, code: 19 } }),
      )
    ).body.transfer_specs[0].uuid;
    const statuses = new Set<string>();
    daemon.daemon.manager.onChange((info) => info.uuid === flaky && statuses.add(info.status));
    const ok = await until(
      async () => (await daemon.call('POST', `/connect/transfers/info/${flaky}`, {})).body.transfer_info,
      (info) => info.status === 'completed',
    );
    expect(statuses.has('willretry')).toBe(true);
    expect(ok.error_code).toBe(16);
    const failed = (await daemon.call('POST', `/connect/transfers/info/${fatal}`, {})).body.transfer_info;
    expect(failed).toMatchObject({ status: 'failed', error_code: 19, error_desc: 'Injected failure 19' });
  });

  it('refuses downloads outside the download folder and uploads of files nobody chose', async () => {
    daemon = await startTestDaemon();
    const outside = {
      transfer_specs: [
        {
          transfer_spec: {
            paths: [{ source: '/r/x', destination: '../../etc/x' }],
            remote_host: 'h',
            direction: 'receive',
          },
        },
      ],
    };
    expect((await daemon.call('POST', '/connect/transfers/start', outside)).status).toBe(403);
    const upload = {
      transfer_specs: [
        { transfer_spec: { paths: [{ source: '/etc/passwd' }], remote_host: 'h', direction: 'send' } },
      ],
    };
    const refused = await daemon.call('POST', '/connect/transfers/start', upload);
    expect(refused.status).toBe(403);
    expect(refused.body.error.user_message).toContain('/etc/passwd');
    // A file that does not exist (a name typed into the chooser) is named as missing, not as unchosen.
    const missing = {
      transfer_specs: [
        {
          transfer_spec: {
            paths: [{ source: '/nonexistent/typed.txt' }],
            remote_host: 'h',
            direction: 'send',
          },
        },
      ],
    };
    const gone = await daemon.call('POST', '/connect/transfers/start', missing);
    expect(gone.status).toBe(404);
    expect(gone.body.error.user_message).toBe('The file /nonexistent/typed.txt does not exist.');
  });
});

describe('consent and trust', () => {
  it('asks once per origin, remembers the answer, and refuses with the error object', async () => {
    daemon = await startTestDaemon();
    await daemon.setScript({ consent: { [PAGE]: true, 'https://evil.example': false } });
    expect((await daemon.call('POST', '/connect/transfers/start', receive('a'))).status).toBe(200);
    expect((await daemon.call('POST', '/connect/transfers/start', receive('b'))).status).toBe(200);
    const refused = await daemon.call(
      'POST',
      '/connect/transfers/start',
      receive('c'),
      'https://evil.example',
    );
    expect(refused.status).toBe(403);
    expect(connectErrorBody.parse(refused.body).error.user_message).toContain(
      'You did not allow https://evil.example',
    );
    expect((await daemon.uiQuestions()).filter((each) => each.kind === 'consent')).toHaveLength(2);
    expect(daemon.daemon.settings.get().trusted_sites).toEqual({
      [PAGE]: { allowed: true },
      'https://evil.example': { allowed: false },
    });
    expect((await daemon.call('POST', '/connect/transfers/start', receive('d'), null)).status).toBe(403);
  });

  it('requires the configured authorization_key of an origin', async () => {
    daemon = await startTestDaemon();
    daemon.daemon.settings.update((current) => ({
      ...current,
      trusted_sites: { [PAGE]: { allowed: true, authorization_key: 'k3y-for-dam' } },
    }));
    const missing = await daemon.call('POST', '/connect/transfers/activity', {});
    expect(missing).toMatchObject({
      status: 401,
      body: { error: { code: 401, user_message: 'Authentication Failed' } },
    });
    expect(
      (await daemon.call('POST', '/connect/transfers/activity', { authorization_key: 'k3y-for-dam' })).status,
    ).toBe(200);
  });
});

describe('files and dialogs', () => {
  it('reads and checksums only what the user chose in a dialog', async () => {
    daemon = await startTestDaemon();
    const file = join(daemon.dir, 'chosen.txt');
    const other = join(daemon.dir, 'secret.txt');
    const content = 'hello, rapid '.repeat(1000);
    await writeFile(file, content);
    await writeFile(other, 'secret');
    expect((await daemon.call('POST', '/connect/file/read-as-array-buffer/', { path: file })).status).toBe(
      403,
    );

    await daemon.setScript({ consent: { [PAGE]: true }, open_files: [file] });
    const chosen = await daemon.call('POST', '/connect/windows/select-open-file-dialog/', {
      title: 'Pick',
      allowMultipleSelection: false,
      allowedFileTypes: [{ filter_name: 'Text', extensions: ['txt'] }],
    });
    expect(chosen.body.dataTransfer.files).toEqual([
      expect.objectContaining({ name: file, size: content.length, type: 'text/plain' }),
    ]);
    expect(chosen.body.dataTransfer.files[0].lastModifiedDate).toMatch(
      /^\w{3} \w{3} \d\d \d\d:\d\d:\d\d \d{4}$/,
    );
    const question = (await daemon.uiQuestions()).find((each) => each.kind === 'open-files');
    expect(question).toMatchObject({
      title: 'Pick',
      multiple: false,
      filters: [{ filter_name: 'Text', extensions: ['txt'] }],
    });

    const read = await daemon.call('POST', '/connect/file/read-as-array-buffer/', { path: file });
    expect(read.body).toEqual({ type: 'text/plain', data: Buffer.from(content).toString('base64') });
    const chunk = await daemon.call('POST', '/connect/file/read-chunk-as-array-buffer/', {
      path: file,
      offset: 7,
      chunkSize: 5,
    });
    expect(Buffer.from(chunk.body.data, 'base64').toString()).toBe('rapid');
    for (const method of ['md5', 'sha1', 'sha256', 'sha512'] as const) {
      const sum = await daemon.call('POST', '/connect/file/checksum/', {
        path: file,
        checksumMethod: method,
      });
      expect(sum.body).toEqual({
        checksumMethod: method,
        checksum: createHash(method).update(content).digest('hex'),
      });
    }
    const part = await daemon.call('POST', '/connect/file/checksum/', {
      path: file,
      offset: 7,
      chunkSize: 5,
    });
    expect(part.body.checksum).toBe(createHash('md5').update('rapid').digest('hex'));
    expect((await daemon.call('POST', '/connect/file/checksum/', { path: other })).status).toBe(403);
    expect(
      (
        await daemon.call(
          'POST',
          '/connect/file/read-as-array-buffer/',
          { path: file },
          'https://other.example',
        )
      ).status,
    ).toBe(403);
  });

  it('grants what is inside a chosen folder and answers the save dialog', async () => {
    daemon = await startTestDaemon();
    const folder = join(daemon.dir, 'photos');
    await mkdir(folder);
    await writeFile(join(folder, 'a.jpg'), 'jpeg');
    await daemon.setScript({
      consent: { [PAGE]: true },
      open_folders: [folder],
      save_file: join(daemon.dir, 'out.mov'),
    });
    const picked = await daemon.call('POST', '/connect/windows/select-open-folder-dialog/', {
      title: 'Folder',
    });
    expect(picked.body.dataTransfer.files[0]).toMatchObject({ name: folder, type: 'inode/directory' });
    const read = await daemon.call('POST', '/connect/file/read-as-array-buffer/', {
      path: join(folder, 'a.jpg'),
    });
    expect(read.body.type).toBe('image/jpeg');
    const saved = await daemon.call('POST', '/connect/windows/select-save-file-dialog/', {
      suggestedName: 'out.mov',
    });
    expect(saved.body.dataTransfer.files[0].name).toBe(join(daemon.dir, 'out.mov'));
    await daemon.setScript({ consent: { [PAGE]: true }, open_files: null });
    const cancelled = await daemon.call('POST', '/connect/windows/select-open-file-dialog/', {});
    expect(cancelled.body).toEqual({ dataTransfer: { files: [] } });
  });

  it('resolves dropped files only after initialize-drag-drop and the user confirms', async () => {
    daemon = await startTestDaemon();
    const folder = daemon.daemon.settings.get().download_folder;
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'drop.txt'), 'dropped');
    const drop = { dataTransfer: { files: [{ name: 'drop.txt', size: 7, type: 'text/plain' }] } };
    expect((await daemon.call('POST', '/connect/file/dropped-files', drop)).status).toBe(403);
    expect((await daemon.call('GET', '/connect/file/initialize-drag-drop')).body).toEqual({});
    const dropped = await daemon.call('POST', '/connect/file/dropped-files', drop);
    expect(dropped.body.dataTransfer.files[0].name).toBe(join(folder, 'drop.txt'));
    expect(
      (await daemon.call('POST', '/connect/file/read-as-array-buffer/', { path: join(folder, 'drop.txt') }))
        .status,
    ).toBe(200);
  });
});

describe('windows', () => {
  it('opens the windows of the local web UI and the transfer folder', async () => {
    daemon = await startTestDaemon();
    for (const path of ['about', 'preferences', 'preferences/bandwidth', 'transfer-manager'])
      expect((await daemon.call('GET', `/connect/windows/${path}`)).body).toEqual({});
    expect((await daemon.call('GET', '/connect/windows/preferences/colours')).status).toBe(404);
    const id = (await daemon.call('POST', '/connect/transfers/start', receive('w'))).body.transfer_specs[0]
      .uuid;
    await daemon.call('GET', `/connect/windows/transfer-monitor/${id}`);
    await daemon.call('GET', `/connect/windows/finder/${id}`);
    const opened = (await daemon.uiQuestions())
      .filter((each) => each.kind === 'open')
      .map((each) => each.target);
    expect(opened).toEqual([
      'http://127.0.0.1:1/ui/about',
      'http://127.0.0.1:1/ui/preferences/general',
      'http://127.0.0.1:1/ui/preferences/bandwidth',
      'http://127.0.0.1:1/ui/transfers',
      `http://127.0.0.1:1/ui/transfers/${id}`,
      join(daemon.dir, 'Downloads'),
    ]);
  });
});

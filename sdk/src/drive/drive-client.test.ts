import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decryptPayload } from '../crypto/aes-ofb.ts';
import { json, TestDoubleClient } from '../test-doubles/test-double-client.ts';
import { TestDoubleLegacyServer } from '../test-doubles/test-double-legacy-server.ts';
import { TestDoubleXhrServer } from '../test-doubles/test-double-xhr-server.ts';
import { DriveClient } from './drive-client.ts';

let client: TestDoubleClient;
let legacy: TestDoubleLegacyServer;
let server: TestDoubleXhrServer;
let drive: DriveClient;

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
  client = new TestDoubleClient();
  legacy = new TestDoubleLegacyServer(client);
  legacy.listening.clear();
  legacy.listening.add(44003);
  server = new TestDoubleXhrServer(client, legacy.route);
  vi.stubGlobal('XMLHttpRequest', server.XMLHttpRequest);
  drive = new DriveClient({ launch: legacy.launch });
});
afterEach(() => {
  drive.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DriveClient', () => {
  it('reads accounts over the session protocol on 44003', async () => {
    client.scripted.set('/account', [json(200, { accounts: [{ id: 'a1' }] })]);
    client.scripted.set('/account/a1', [json(200, { id: 'a1', name: 'Work' })]);
    const accounts = drive.getAccounts();
    const account = drive.getAccount('a1');
    await vi.advanceTimersByTimeAsync(10);
    await expect(accounts).resolves.toEqual({ accounts: [{ id: 'a1' }] });
    await expect(account).resolves.toEqual({ id: 'a1', name: 'Work' });
    expect(server.seen.at(-1)?.url).toBe('https://local.connectme.us:44003/v6/account/a1');
  });

  it('checks out, checks in and reverts with POST, DELETE and REVERT on /checkouts', async () => {
    for (let i = 0; i < 3; i++)
      client.scripted.set('/checkouts', [json(200, {}), json(200, {}), json(200, {})]);
    const success = vi.fn();
    void drive.checkout(['/acc/1/report.docx'], { success });
    void drive.checkin(['c1']);
    void drive.revert(['c2']);
    await vi.advanceTimersByTimeAsync(10);
    const calls = server.seen.filter((each) => each.url.endsWith('/v6/checkouts'));
    const key = legacy.session?.key ?? '';
    expect(calls.map((call) => [call.method, decryptPayload(call.body ?? '', key)])).toEqual([
      ['POST', '{"id_path":["/acc/1/report.docx"]}'],
      ['DELETE', '{"checkout_ids":["c1"]}'],
      ['REVERT', '{"checkout_ids":["c2"]}'],
    ]);
    expect(success).toHaveBeenCalledWith({});
  });

  it("reuses the page's Connect session but finds its own port, not Connect's stored one", async () => {
    sessionStorage.setItem('aspera-last-known-session-id', 'stored-id');
    sessionStorage.setItem('aspera-last-known-session-key', 'k'.repeat(32));
    sessionStorage.setItem('aspera-last-known-port', '43003');
    legacy.listening.add(43003);
    legacy.session = { id: 'stored-id', key: 'k'.repeat(32) };
    client.scripted.set('/account', [json(200, { accounts: [] })]);
    const accounts = drive.getAccounts();
    await vi.advanceTimersByTimeAsync(10);
    await expect(accounts).resolves.toEqual({ accounts: [] });
    const account = server.seen.find((each) => each.url.endsWith('/account'));
    expect(account?.url).toBe('https://local.connectme.us:44003/v6/account');
    expect(account?.headers['x-aspera-session-id']).toBe('stored-id');
  });
});

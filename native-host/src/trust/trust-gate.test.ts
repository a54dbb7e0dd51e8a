import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSettingsStore } from '../config/settings-store.ts';
import { ConnectFailure } from '../daemon/connect-failure.ts';
import type { ConsentAnswer } from '../desktop/desktop-ui.ts';
import { createNoToolUi } from '../desktop/tool-ui.ts';
import { TrustGate } from './trust-gate.ts';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

async function settings() {
  dir = await mkdtemp(join(tmpdir(), 'rapid-trust-'));
  return openSettingsStore(join(dir, 'settings.json'), {
    download_folder: dir,
    concurrent_transfers: 3,
    trusted_sites: {},
  });
}

describe('TrustGate', () => {
  it('asks once for concurrent first calls from one origin and persists the answer', async () => {
    const store = await settings();
    const questions: string[] = [];
    let answer: (value: boolean) => void = () => {};
    const ui = {
      ...createNoToolUi('unused'),
      consent: (_title: string, text: string) => {
        questions.push(text);
        return new Promise<ConsentAnswer>((resolve) => {
          answer = (value) => resolve(value ? 'allow' : 'deny');
        });
      },
    };
    const gate = new TrustGate(store, ui);
    const calls = [gate.require('https://a.example'), gate.require('https://a.example')];
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer(true);
    expect(await Promise.all(calls)).toEqual(['https://a.example', 'https://a.example']);
    expect(questions).toHaveLength(1);
    const reopened = openSettingsStore(join(dir, 'settings.json'));
    expect(reopened.get().trusted_sites).toEqual({ 'https://a.example': { allowed: true } });
  });

  it('remembers only an explicit answer: Deny is stored, Not now (dismissed, timed out) asks again next time', async () => {
    const store = await settings();
    const answers: ConsentAnswer[] = ['not-now', 'not-now', 'deny'];
    const asked: string[] = [];
    const gate = new TrustGate(store, {
      ...createNoToolUi('unused'),
      consent: async (_title: string, text: string) => {
        asked.push(text);
        return answers.shift() ?? 'allow';
      },
    });
    const site = 'https://a.example';
    for (const _ of [1, 2]) {
      const failure = await gate.require(site).catch((error: unknown) => error);
      expect((failure as ConnectFailure).status).toBe(403);
      expect((failure as ConnectFailure).body.error.user_message).toContain('ask again');
      expect(store.get().trusted_sites).toEqual({});
    }
    await expect(gate.require(site)).rejects.toMatchObject({ status: 403 });
    expect(store.get().trusted_sites).toEqual({ [site]: { allowed: false } });
    await expect(gate.require(site)).rejects.toMatchObject({ status: 403 });
    expect(asked).toHaveLength(3);
  });

  it('stores Allow from the consent question', async () => {
    const store = await settings();
    const gate = new TrustGate(store, { ...createNoToolUi('unused'), consent: async () => 'allow' as const });
    expect(await gate.require('https://a.example')).toBe('https://a.example');
    expect(store.get().trusted_sites).toEqual({ 'https://a.example': { allowed: true } });
  });

  it('says clearly that it cannot ask when no dialog tool exists, and remembers nothing', async () => {
    const store = await settings();
    const gate = new TrustGate(
      store,
      createNoToolUi('Rapid cannot show dialogs: install zenity or kdialog.'),
    );
    const failure = await gate.require('https://a.example').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectFailure);
    expect((failure as ConnectFailure).body.error.user_message).toContain('install zenity or kdialog');
    expect(store.get().trusted_sites).toEqual({});
  });

  it('refuses opaque and missing origins without asking', async () => {
    const gate = new TrustGate(await settings(), createNoToolUi('never asked'));
    for (const origin of [undefined, 'null'])
      await expect(gate.require(origin)).rejects.toMatchObject({ status: 403 });
  });
});

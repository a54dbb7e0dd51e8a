import { describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import { runInSandbox } from './sandbox.ts';

const asset = {
  id: 7,
  name: 'Harbour',
  path: 'Library/Shoot/harbour.jpg',
  folder: 'Library/Shoot',
  kind: 'image',
  keywords: ['sea'],
  fields: { 'http://ns.example.org/photo/1.0/city': 'Oslo' },
};
const run = (script: string, limits: { timeoutMs?: number; memoryMb?: number } = {}) =>
  runInSandbox({
    script,
    asset,
    parameters: {},
    timeoutMs: limits.timeoutMs ?? 1000,
    memoryMb: limits.memoryMb ?? 8,
  });

describe('the workflow sandbox (R-WORKFLOW-SANDBOX)', () => {
  it('gives the script its run’s parameters, and a run without an asset no asset to change (R-WORKFLOW-MODEL)', async () => {
    const result = await runInSandbox({
      script: `log.config(params.city, typeof asset); dam.addKeyword('k');`,
      asset: null,
      parameters: { city: 'Oslo' },
      timeoutMs: 1000,
      memoryMb: 8,
    });
    expect(result.log).toEqual([{ level: 'config', message: 'Oslo object' }]);
    expect(result.changes).toEqual([]);
    expect(result.error).toBe(WORKFLOW_MESSAGES.scriptFailed('This run has no asset.'));
  });

  it('records what the script asks of `dam` and its log lines, and the script sees its own changes', async () => {
    const result = await run(`
      dam.setField('http://ns.example.org/photo/1.0/city', asset.fields['http://ns.example.org/photo/1.0/city'].toUpperCase());
      dam.addKeyword('harbour'); dam.addKeyword('sea'); dam.removeKeyword('sea');
      dam.move('/Library/Done/');
      dam.notify('Filed ' + asset.name);
      log.config('path', asset.path); log.finest({ keywords: asset.keywords });
    `);
    expect(result.error).toBeNull();
    expect(result.changes).toEqual([
      { action: 'setField', key: 'http://ns.example.org/photo/1.0/city', value: 'OSLO' },
      { action: 'addKeyword', word: 'harbour' },
      { action: 'removeKeyword', word: 'sea' },
      { action: 'move', folder: 'Library/Done' },
      { action: 'notify', text: 'Filed Harbour' },
    ]);
    expect(result.log).toEqual([
      { level: 'config', message: 'path Library/Done/harbour.jpg' },
      { level: 'finest', message: '{"keywords":["harbour"]}' },
    ]);
  });

  it('gives a script no way out: no Node, no require, no network, no host objects, no eval of host code', async () => {
    const result = await run(`
      const probes = {
        process: typeof process, require: typeof require, fetch: typeof fetch, module: typeof module,
        Buffer: typeof Buffer, setTimeout: typeof setTimeout, WebAssembly: typeof WebAssembly,
        importDynamic: (() => { try { import('node:fs'); return 'returned'; } catch (e) { return 'threw'; } })(),
        ctorEscape: (() => { try { return typeof (function () {}).constructor('return process')(); } catch (e) { return 'threw'; } })(),
        globalKeys: Object.getOwnPropertyNames(globalThis).filter((k) => /process|require|os|std/.test(k)).join(','),
      };
      log.config(probes);
      try { dam.setField = () => {}; } catch (e) { log.severe('frozen'); }
    `);
    expect(result.error).toBeNull();
    const probes = JSON.parse(result.log[0]?.message ?? '{}');
    expect(probes).toMatchObject({
      process: 'undefined',
      require: 'undefined',
      fetch: 'undefined',
      module: 'undefined',
      Buffer: 'undefined',
      setTimeout: 'undefined',
      WebAssembly: 'undefined',
      ctorEscape: 'threw',
      globalKeys: '',
    });
    expect(result.log[1]).toEqual({ level: 'severe', message: 'frozen' });
  });

  it('stops a script that loops forever at its timeout, keeping the log it wrote', async () => {
    const started = Date.now();
    const result = await run(`log.fine('before'); for (;;) {}`, { timeoutMs: 300 });
    const took = Date.now() - started;
    expect(result.error).toBe(WORKFLOW_MESSAGES.scriptTimedOut(300));
    expect(result.log).toEqual([{ level: 'fine', message: 'before' }]);
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(3000);
  });

  it('stops a script that allocates without end at its memory limit, and one that recurses without end', async () => {
    const bomb = await run(`const a = []; for (;;) a.push({ n: a.length, more: [a.length] });`, {
      memoryMb: 4,
      timeoutMs: 5000,
    });
    expect(bomb.error).toBe(WORKFLOW_MESSAGES.scriptOutOfMemory(4));
    const deep = await run(`function f(n) { return f(n + 1) + 1; } f(0);`);
    expect(deep.error).toBe(WORKFLOW_MESSAGES.scriptOutOfMemory(8));
  });

  it('reports a script that throws, with the changes it asked for before', async () => {
    const result = await run(`dam.addKeyword('x'); null.y;`);
    expect(result.error).toMatch(/^The script failed: TypeError: /);
    expect(result.changes).toEqual([{ action: 'addKeyword', word: 'x' }]);
  });
});

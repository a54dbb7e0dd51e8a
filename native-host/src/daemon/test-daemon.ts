import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptedUi, type UiScript } from '../desktop/scripted-ui.ts';
import { createLogger } from '../log/logger.ts';
import { TestDoubleEngine, type TestDoubleEngineOptions } from '../transfers/test-double-engine.ts';
import { createConnectApi } from './app.ts';
import { createDaemon } from './create-daemon.ts';

export const PAGE = 'https://dam.example';

/**
 * Test support: a daemon in a fresh temporary RAPID_HOME with the TestDoubleEngine and the scripted desktop.
 * `call` sends one request as the page `origin` would through the host.
 */
export async function startTestDaemon(engineOptions: Partial<TestDoubleEngineOptions> = {}, home?: string) {
  const dir = home ?? (await mkdtemp(join(tmpdir(), 'rapid-daemon-')));
  const scriptFile = join(dir, 'ui-script.json');
  const uiLog = join(dir, 'ui-log.jsonl');
  const setScript = (script: UiScript) => writeFile(scriptFile, JSON.stringify(script));
  await setScript({ consent: { [PAGE]: true } });
  const engine = new TestDoubleEngine({ tickMs: 10, bytesPerTick: 1000, fileBytes: 5000, ...engineOptions });
  const daemon = await createDaemon({
    home: dir,
    engine,
    ui: createScriptedUi(scriptFile, uiLog),
    log: createLogger('test', join(dir, 'logs')),
    downloadFolder: join(dir, 'Downloads'),
    retryDelayMs: (attempt) => (attempt <= 2 ? 20 : undefined),
  });
  await daemon.manager.restore();
  daemon.setWindowsUrl('http://127.0.0.1:1/ui');
  const api = createConnectApi(daemon);
  const call = async (method: string, path: string, body?: unknown, origin: string | null = PAGE) => {
    const headers: Record<string, string> = {};
    if (origin) headers['x-rapid-origin'] = origin;
    const response = await api.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read reply fields directly and assert on them
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const uiQuestions = async () =>
    (await readFile(uiLog, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    dir,
    daemon,
    engine,
    api,
    call,
    setScript,
    uiQuestions,
    close: async () => {
      await daemon.manager.close();
      if (!home) await rm(dir, { recursive: true, force: true });
    },
  };
}

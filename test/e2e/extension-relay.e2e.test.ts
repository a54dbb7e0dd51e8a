import type { Frame, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './harness/artifacts.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import {
  disconnectsIn,
  installRawRecorder,
  type RawReply,
  repliesIn,
  sendRaw,
  versionRequest,
  waitForBridge,
} from './harness/raw-protocol.ts';
import { resumePausedWorkers, terminateServiceWorker } from './harness/service-worker.ts';
import { startTestSite, type TestSite } from './harness/test-site.ts';

const PAGE = '<!doctype html><title>relay</title><script src="/sdk/js/connect-sdk.js"></script><p>relay</p>';
let site: TestSite;
let rapid: RapidBrowser;

beforeAll(async () => {
  await assertBuilt();
  site = await startTestSite({ 'index.html': PAGE, 'frame.html': PAGE });
});
afterAll(() => site.close());
afterEach(() => rapid?.close());

async function openBridgedPage(path = 'index.html'): Promise<Page> {
  const page = await rapid.browser.newPage();
  await page.goto(new URL(path, site.url).href);
  await waitForBridge(page);
  await installRawRecorder(page);
  return page;
}

async function addFrame(page: Page, url: string, sandbox?: string): Promise<Frame> {
  await page.evaluate(
    (src, sandboxValue) => {
      const frame = document.createElement('iframe');
      if (sandboxValue !== undefined) frame.setAttribute('sandbox', sandboxValue);
      frame.src = src;
      document.body.append(frame);
      return new Promise((resolve) => frame.addEventListener('load', resolve));
    },
    url,
    sandbox,
  );
  const frame = page.frames().find((each) => each.url() === url);
  if (!frame) throw new Error(`frame ${url} did not load`);
  return frame;
}

/** Polls from Node: timers and animation frames inside background tabs may be throttled or frozen. */
async function waitForReplies(target: Page | Frame, count: number, timeoutMs = 20_000): Promise<RawReply[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const replies = await repliesIn(target);
    if (replies.length >= count) return replies;
    if (Date.now() > deadline) throw new Error(`only ${replies.length} of ${count} replies arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A Connect session on the page, through the public API; resolves when it is RUNNING. */
async function startSession(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { AW4: { Connect: new () => unknown }; connect: unknown };
    const connect = new w.AW4.Connect() as {
      initSession(): void;
      addEventListener(type: string, listener: (type: string, status: string) => void): void;
    };
    w.connect = connect;
    return new Promise<void>((resolve) => {
      connect.addEventListener('status', (_type, status) => status === 'RUNNING' && resolve());
      connect.initSession();
    });
  });
}

async function versionThroughSdk(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const connect = (window as unknown as { connect: { version(): Promise<{ version: string }> } }).connect;
    return (await connect.version()).version;
  });
}

describe('extension relay', () => {
  it('routes interleaved requests of two frames and two tabs to their own sender only', async () => {
    rapid = await launchRapidBrowser();
    const tabA = await openBridgedPage();
    const frameA = await addFrame(tabA, new URL('frame.html', site.otherOriginUrl).href);
    await waitForBridge(frameA);
    await installRawRecorder(frameA);
    const tabB = await openBridgedPage();
    const senders: [Page | Frame, number][] = [
      [tabA, 1000],
      [frameA, 2000],
      [tabB, 3000],
    ];
    const perSender = 25;
    for (let i = 0; i < perSender; i++) {
      await Promise.all(senders.map(([target, base]) => sendRaw(target, versionRequest(base + i))));
    }
    for (const [target, base] of senders) {
      const replies = await waitForReplies(target, perSender);
      expect(replies.map((reply) => reply.request_id).sort()).toEqual(
        Array.from({ length: perSender }, (_, i) => base + i),
      );
      expect(replies.every((reply) => reply.status === 200)).toBe(true);
    }
  });

  it('answers a malformed request with the error object of the spec', async () => {
    rapid = await launchRapidBrowser();
    const page = await openBridgedPage();
    await sendRaw(page, { request_id: 42, method: 'PUT', uri_reference: 7 });
    const [reply] = await waitForReplies(page, 1);
    expect(reply).toMatchObject({ request_id: 42, status: 400 });
    expect(JSON.parse(reply?.body ?? '').error).toMatchObject({
      code: -1,
      internal_message: 'Invalid request',
    });
  });

  it('gives a sandboxed frame no bridge at all', async () => {
    rapid = await launchRapidBrowser();
    const page = await openBridgedPage();
    const frame = await addFrame(page, new URL('frame.html', site.url).href, 'allow-scripts');
    const answered = await frame.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          window.addEventListener('message', (event) => {
            if (event.data?.type === 'AsperaConnectCheckResponse') resolve(true);
          });
          document.dispatchEvent(new CustomEvent('AsperaConnectCheck'));
          setTimeout(() => resolve(false), 1000);
        }),
    );
    expect(answered).toBe(false);
    expect(await frame.evaluate(() => document.documentElement.hasAttribute('data-rapid-bridge'))).toBe(
      false,
    );
  });

  it('keeps working after the service worker is terminated', async () => {
    rapid = await launchRapidBrowser();
    const page = await openBridgedPage();
    await startSession(page);
    expect(await versionThroughSdk(page)).toMatch(/^\d+\.\d+/);

    const pending = versionThroughSdk(page);
    await terminateServiceWorker(rapid.browser);
    const stopResuming = resumePausedWorkers(rapid.browser);
    try {
      // The request in flight when the worker died is re-sent by the SDK; a new one goes through the new worker.
      await expect(pending).resolves.toMatch(/^\d+\.\d+/);
      await expect(versionThroughSdk(page)).resolves.toMatch(/^\d+\.\d+/);
    } finally {
      await stopResuming();
    }
  });

  it('tells the page when the host dies, and the SDK recovers through a new host', async () => {
    rapid = await launchRapidBrowser();
    const page = await openBridgedPage();
    await startSession(page);
    await versionThroughSdk(page);
    const [hostPid] = await rapid.hostPids();
    expect(hostPid).toBeGreaterThan(0);

    process.kill(hostPid as number, 'SIGKILL');
    await page.waitForFunction(
      () => (window as unknown as { rapidDisconnects: string[] }).rapidDisconnects.length > 0,
    );
    expect((await disconnectsIn(page))[0]).toMatch(/native host has exited/i);
    await expect(versionThroughSdk(page)).resolves.toMatch(/^\d+\.\d+/);
    expect(await rapid.hostPids()).not.toContain(hostPid);
  });
});

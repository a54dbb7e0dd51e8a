import type { Browser } from 'puppeteer-core';

/** Terminates the extension's service worker, as Chromium does to idle or crashed workers. */
export async function terminateServiceWorker(browser: Browser): Promise<void> {
  const target = await browser.waitForTarget((t) => t.type() === 'service_worker');
  const worker = await target.worker();
  await worker?.close();
}

/**
 * Puppeteer auto-attaches to new workers paused until it resumes them; a worker that restarts while `close()` is
 * still detaching can be missed and stay paused for good (seen with puppeteer 24.x), which no user's browser would
 * do. While a test terminates workers, this resumes any paused one every 100 ms. Returns the function that stops it.
 */
export function resumePausedWorkers(browser: Browser): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const each of browser.targets()) {
        if (each.type() !== 'service_worker') continue;
        const session = await each.createCDPSession().catch(() => undefined);
        await session?.send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
        await session?.detach().catch(() => undefined);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

// Time from `installer.showDownload()` to the banner's heading in the frame (React + Chakra, adopted stylesheets),
// against a bare same-origin iframe with one heading measured in the same run. Run by hand: `npm run bench:installer`.
// The headline pair runs as a browser does (the frame's content-named assets come from its cache after the first
// run); the second pair with the cache disabled, as a visitor's very first banner.
import { assertBuilt } from '../../test/e2e/harness/artifacts.ts';
import { startInstallerSite } from '../../test/e2e/harness/installer-site.ts';
import { launchRapidBrowser } from '../../test/e2e/harness/rapid-browser.ts';
import { formatRow, HEADER, summarize } from './lib/stats.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const SDK_PAGE =
  '<!doctype html><html lang="en"><title>bench</title><script src="/sdk/js/connect-sdk.js"></script><body></body>';

await assertBuilt();
const site = await startInstallerSite({
  'bench.html': SDK_PAGE,
  'plain-frame.html': '<!doctype html><html lang="en"><title>plain</title><h1>Install Rapid</h1>',
});
const rapid = await launchRapidBrowser({ registerHost: false, extensionAtLaunch: false });
try {
  const samples = {
    banner: [] as number[],
    plain: [] as number[],
    bannerCold: [] as number[],
    plainCold: [] as number[],
  };
  for (let run = 0; run < RUNS; run++) {
    for (const sample of ['banner', 'plain', 'bannerCold', 'plainCold'] as const) {
      const kind = sample.startsWith('banner') ? 'banner' : 'plain';
      const page = await rapid.browser.newPage();
      await page.setCacheEnabled(!sample.endsWith('Cold'));
      await page.goto(new URL('bench.html', site.url).href);
      await page.evaluate('globalThis.__name = (fn) => fn');
      const ms = await page.evaluate(async (which: string) => {
        const started = performance.now();
        if (which === 'banner') {
          const { AW4 } = window as unknown as {
            AW4: { ConnectInstaller: new (options: object) => { showDownload(): void } };
          };
          new AW4.ConnectInstaller({ sdkLocation: '/sdk', style: 'carbon' }).showDownload();
        } else {
          const frame = document.createElement('iframe');
          frame.id = 'aspera-iframe-container';
          frame.src = '/plain-frame.html';
          document.body.append(frame);
        }
        const heading = () =>
          (document.getElementById('aspera-iframe-container') as HTMLIFrameElement | null)?.contentDocument
            ?.querySelector('h1')
            ?.textContent?.startsWith('Install Rapid');
        while (!heading()) await new Promise((resolve) => requestAnimationFrame(resolve));
        return performance.now() - started;
      }, kind);
      samples[sample].push(ms);
      await page.close();
    }
  }
  const banner = summarize(samples.banner);
  const plain = summarize(samples.plain);
  const bannerCold = summarize(samples.bannerCold);
  const plainCold = summarize(samples.plainCold);
  console.log(HEADER);
  console.log(formatRow('show…() → banner heading', banner));
  console.log(formatRow('bare iframe → heading (baseline)', plain));
  console.log(formatRow('banner, cache disabled', bannerCold));
  console.log(formatRow('bare iframe, cache disabled', plainCold));
  console.log(`median ratio banner / baseline: ${(banner.p50 / plain.p50).toFixed(1)}×`);
  console.log(`median ratio, cache disabled: ${(bannerCold.p50 / plainCold.p50).toFixed(1)}×`);
} finally {
  await rapid.close();
  await site.close();
}

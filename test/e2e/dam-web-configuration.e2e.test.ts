import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox } from '../../dam-app/server/test-support/smtp-inbox.ts';
import {
  type RunningSshd,
  SSHD_SKIP_REASON,
  startSshd,
} from '../../dam-app/server/test-support/sshd-server.ts';
import { en } from '../../dam-app/web/src/i18n/messages-en.ts';
import { fr } from '../../dam-app/web/src/i18n/messages-fr.ts';
import {
  type DamWebSite,
  launchChromium,
  openAdminPage,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  startDamWebSite,
} from './harness/dam-web.ts';

// R-RUNTIME-SETTINGS in real Chromium against the real DAM server: the Configuration section of Administration shows
// the setting the environment pins as pinned and disabled, a change made with the keyboard holds on the server at
// once, in English and French, axe clean. R-REMOTE-SFTP: an SFTP server added with the keyboard and the form, tested
// against a real OpenSSH sshd, shows the host key it recorded. Screens are saved as dam-web-configuration-*.png.

let site: DamWebSite;
let browser: Browser;
let page: Page;
let sshd: RunningSshd | undefined;

beforeAll(async () => {
  site = await startDamWebSite({ env: { DAM_ALLOW_UPLOAD: 'false' } });
  browser = await launchChromium();
  page = await openAdminPage(site, browser, { width: 1280, height: 1400 });
  if (!SSHD_SKIP_REASON) sshd = await startSshd();
}, 120_000);
afterAll(async () => {
  await sshd?.close();
  await browser?.close();
  await site?.close();
});

const { go, seeText, checkScreen } = screenSteps(
  'dam-web-configuration',
  () => site,
  () => page,
);

describe('Administration: configuration (R-RUNTIME-SETTINGS)', () => {
  it('shows the pinned setting disabled and applies a change made with the keyboard at once', async () => {
    const config = site.runtime.services.config;
    await go('#/admin/configuration');
    await seeText(en['config.pinned']);
    expect(await page.$eval('input[name="DAM_SESSION_IDLE_MINUTES"]', (input) => input.value)).toBe('120');
    const uploadDisabled = await page.evaluate(() =>
      [...document.querySelectorAll('input[type="checkbox"]')].some(
        (input) => (input as HTMLInputElement).disabled,
      ),
    );
    expect(uploadDisabled).toBe(true);
    await checkScreen('en');
    await page.focus('input[name="DAM_SESSION_IDLE_MINUTES"]');
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.type('45');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => true);
    const deadline = Date.now() + SCREEN_WAIT_MS;
    while (config.sessionIdleMinutes !== 45 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(config.sessionIdleMinutes).toBe(45);
    await seeText(en['config.useDefault']);
    await checkScreen('saved-en');
  });

  it('R-RUNTIME-SMTP: names an SMTP server and its password from the screen; the next mail goes there, no restart', async () => {
    const inbox = await startSmtpInbox();
    try {
      const config = site.runtime.services.config;
      const port = new URL(inbox.url).port;
      await page.type('input[name="DAM_SMTP_HOST"]', '127.0.0.1');
      await page.click('input[name="DAM_SMTP_PORT"]', { count: 3 });
      await page.type('input[name="DAM_SMTP_PORT"]', port);
      await page.type('input[name="DAM_SMTP_PASSWORD"]', 'E2e-Smtp-Secret');
      await page.keyboard.press('Enter');
      const deadline = Date.now() + SCREEN_WAIT_MS;
      while (String(config.smtp?.port) !== port && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(config.smtp).toMatchObject({ host: '127.0.0.1', password: 'E2e-Smtp-Secret' });
      await site.runtime.services.deliverMail({ to: 'ops@example.com', subject: 'e2e smtp', text: 'hi' });
      await inbox.waitFor((mail) => mail.subject === 'e2e smtp');
      await seeText(en['config.secretStored']);
      expect(await page.$eval('input[name="DAM_SMTP_PASSWORD"]', (input) => input.value)).toBe('');
      await page.$eval('input[name="DAM_SMTP_HOST"]', (input) => input.scrollIntoView({ block: 'start' }));
      await checkScreen('smtp-en');
    } finally {
      await inbox.close();
    }
  });

  it('shows the section in French', async () => {
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await page.reload();
    await seeText(fr['config.pinned']);
    await seeText(fr['config.DAM_SESSION_IDLE_MINUTES']);
    await checkScreen('fr');
  });
});

describe.skipIf(SSHD_SKIP_REASON)('Administration: remote servers over SFTP (R-REMOTE-SFTP)', () => {
  it('adds an SFTP server, tests it against a real sshd and shows the host key it recorded, in English and French', async () => {
    const real = sshd as RunningSshd;
    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'en'));
    await go('#/admin/remote');
    await page.reload();
    await (await seeText(en['remote.new']))?.click();
    const field = (name: string) => `[role="dialog"] [name="${name}"]`;
    await page.waitForSelector(field('name'), { visible: true, timeout: SCREEN_WAIT_MS });
    await page.select(field('protocol'), 'sftp');
    await page.type(field('name'), 'Studio SFTP');
    await page.type(field('address'), `127.0.0.1:${real.port}`);
    await page.type(field('username'), real.user);
    await page.type(field('password'), real.password);
    await page.click(field('destination'), { count: 3 });
    await page.type(field('destination'), real.data);
    await seeText(en['remote.privateKeyHint']);
    await checkScreen('remote-sftp-form-en');
    await page.keyboard.press('Enter');
    await seeText(`sftp://127.0.0.1:${real.port}`);
    await seeText(en['remote.hostKeyNone']);
    await page.click(`button[aria-label=${quoted(en['remote.testLabel'].replace('{name}', 'Studio SFTP'))}]`);
    const hostKey = await real.hostKey();
    await page.waitForSelector(`[title=${quoted(hostKey)}]`, { visible: true, timeout: SCREEN_WAIT_MS });
    const stored = await site.runtime.services.db
      .selectFrom('remote_servers')
      .select('host_key')
      .where('name', '=', 'Studio SFTP')
      .executeTakeFirstOrThrow();
    expect(stored.host_key).toBe(hostKey);
    await checkScreen('remote-sftp-en');

    await page.evaluate(() => window.localStorage.setItem('rapid-dam.language', 'fr'));
    await page.reload();
    await seeText(fr['remote.forgetHostKey']);
    await checkScreen('remote-sftp-fr');
  });
});

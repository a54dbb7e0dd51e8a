import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MESSAGES } from '@rapid/dam-app/api/messages';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  type DamWebSite,
  launchChromium,
  openLibraryFromHome,
  pageAfterFailure,
  quoted,
  SCREEN_WAIT_MS,
  screenSteps,
  signIn,
  startDamWebSite,
  withInstallPromptClosed,
} from './harness/dam-web.ts';
import { saveScreenshot } from './harness/screenshot.ts';

// The DAM web app in real Chromium against the real DAM server (PGlite, demo data, offline outbox), under the
// server's strict CSP. Every screen is checked with axe-core and saved as a screenshot (dam-web-*.png).

let site: DamWebSite;
let browser: Browser;
let page: Page;
const cspViolations: string[] = [];
const pageErrors: string[] = [];
const NEW_PASSWORD = 'Changed-Password-77';

beforeAll(async () => {
  site = await startDamWebSite();
  browser = await launchChromium();
  page = await openPage();
}, 90_000);
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') page = await pageAfterFailure(page, () => openPage());
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openPage(width = 1280, height = 860): Promise<Page> {
  const next = await withInstallPromptClosed(await browser.newPage());
  await next.setViewport({ width, height });
  // The app starts in the system's colour mode: pinned, so the dark-mode test starts from light on any machine.
  await next.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  next.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  next.on('pageerror', (error) => pageErrors.push(String(error)));
  return next;
}

const { go, seeText, seeHeading, button, checkScreen } = screenSteps(
  'dam-web',
  () => site,
  () => page,
);
/** Signed in, the app lands on Home (R-HOME) with the Places tree beside it; its link opens the ACL root folder. */
const seeLibrary = async (target = page) => {
  await target.waitForSelector('[role="tree"] [role="treeitem"]', { visible: true, timeout: SCREEN_WAIT_MS });
  await target.waitForSelector('[data-open-library], [data-result-count]', {
    visible: true,
    timeout: SCREEN_WAIT_MS,
  });
  if (await target.$('[data-open-library]')) {
    await openLibraryFromHome(target);
    // A fresh load, as a person landing there: the keyboard's Tab starts again from the top of the page.
    await target.reload();
    await target.waitForSelector('[role="tree"] [role="treeitem"]', {
      visible: true,
      timeout: SCREEN_WAIT_MS,
    });
  }
  // The ACL root folder's first page has answered: no call of the landing is still under way.
  await target.waitForFunction(
    () => /\d/.test(document.querySelector('[data-result-count]')?.textContent ?? ''),
    {
      timeout: 10_000,
    },
  );
};
const fill = (name: string, value: string, target = page) =>
  target.locator(`input[name="${name}"]`).fill(value);

/** axe-core finds nothing, and the screen is saved for people to look at. */
/** Dialogs fade out; the page takes clicks again once their backdrop is gone. */
const noBackdrop = (target = page) =>
  target.waitForFunction(() => !document.querySelector('[data-part="backdrop"]'), { timeout: 10_000 });

async function adminTab(name: string) {
  await noBackdrop();
  await page.locator(`nav[aria-label="Administration sections"] a ::-p-text(${name})`).click();
}

async function openUserMenu(item: string) {
  await noBackdrop();
  await page.locator('button[data-user-menu]').click();
  await page.locator(`aria/${item}[role="menuitem"]`).click();
}

const logIn = (login: string, password: string) => signIn(page, site, login, password);

async function logOut() {
  await openUserMenu('Log out');
  await seeHeading('Log in');
}

/**
 * Ticks a table row's checkbox from the middle of the screen, clear of the toasts that stack at the bottom left (a
 * click that lands on a toast is lost), and waits until it shows ticked.
 */
async function tick(label: string) {
  const input = `input[aria-label=${quoted(label)}]`;
  await page.$eval(input, (element) => element.closest('tr')?.scrollIntoView({ block: 'center' }));
  await page.locator(`label:has(${input})`).click();
  await page.waitForFunction(
    (selector) => (document.querySelector(selector) as HTMLInputElement | null)?.checked === true,
    { timeout: SCREEN_WAIT_MS },
    input,
  );
}

describe('DAM web app: access screens, shell and administration in Chromium', () => {
  it('loads fresh without a line in the console: no 401 for the session check, no missing favicon', async () => {
    const fresh = await openPage();
    const logged: string[] = [];
    fresh.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warn') logged.push(message.text());
    });
    fresh.on('requestfailed', (request) => logged.push(`failed: ${request.url()}`));
    fresh.on('response', (response) => {
      if (response.status() >= 400) logged.push(`${response.status()} ${response.url()}`);
    });
    await fresh.goto(site.url, { waitUntil: 'networkidle0' });
    await fresh.waitForSelector('aria/Log in[role="heading"]', { visible: true, timeout: SCREEN_WAIT_MS });
    expect(logged).toEqual([]);
    await fresh.close();
  });

  it('logs in by email, with the R-EMAIL-FORMAT, R-SPEC-TEXTS messages on the way', async () => {
    await go('');
    await seeHeading('Log in');
    await checkScreen('login');
    await button('Log in').click();
    await seeText(MESSAGES.usernameOrEmail);
    await seeText(MESSAGES.passwordEmpty);
    await checkScreen('login-errors');
    await fill('login', 'admin@dam.example');
    await fill('password', 'wrong-password');
    await button('Log in').click();
    await seeText(MESSAGES.loginFailed);
    await fill('password', ADMIN_PASSWORD);
    await button('Log in').click();
    await seeLibrary();
  });

  it('draws the shell: Quick Search, Create, the ACL switcher, Places and the user menu', async () => {
    await page.waitForSelector('input[aria-label="Quick Search"]');
    await seeHeading('Places');
    await page.waitForSelector('[role="treeitem"][aria-level="1"] ::-p-text(Library)', { visible: true });
    const acl = await page.$eval('select[aria-label="Switch ACL"]', (select) => {
      const element = select as HTMLSelectElement;
      return element.options[element.selectedIndex]?.text;
    });
    expect(acl).toBe('Library (full)');
    await checkScreen('shell');
    // Keyboard: the first Tab reaches the skip link, shown where it can be seen, and it moves focus to the main area.
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const box = element.getBoundingClientRect();
      return {
        text: element.textContent,
        visible: box.left >= 0 && box.width > 0,
        outline: getComputedStyle(element).outlineStyle,
      };
    });
    expect(skip).toMatchObject({ text: 'Skip to main content', visible: true });
    await saveScreenshot(page, 'dam-web-shell-skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await button('Create ▾').click();
    // No Rapid client in this browser: Upload stands where Quick Upload appears once the client runs.
    await page.waitForSelector('aria/Upload[role="menuitem"]', { visible: true });
    expect(await page.$('aria/Quick Upload[role="menuitem"]')).toBeNull();
    await checkScreen('shell-create-menu');
    await page.keyboard.press('Escape');
    await page.locator('button[data-user-menu]').click();
    await page.waitForSelector('aria/Admin mode[role="menuitemcheckbox"]', { visible: true });
    await checkScreen('shell-user-menu');
    await page.keyboard.press('Escape');
  });

  it('edits and saves the account settings, with the field message beside its input and the unsaved prompt', async () => {
    await openUserMenu('User account settings');
    await seeHeading('User account settings');
    await page.waitForSelector('input[name="firstName"]');
    expect(await page.$eval('input[name="firstName"]', (input) => (input as HTMLInputElement).value)).toBe(
      'Ada',
    );
    await fill('phone', 'call me maybe');
    await button('Save').click();
    await seeText(MESSAGES.phoneCharacters);
    await checkScreen('account-settings-error');

    // Leaving with unsaved edits asks first; dismissing stays.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await openUserMenu('API keys');
    await seeHeading('User account settings');

    await fill('phone', '+33 1 23 45 67 89');
    await fill('ext', '42');
    await fill('city', 'Lyon');
    await fill('position', 'Archivist');
    await button('Save').click();
    await seeText('Saved.');
    await checkScreen('account-settings');
    const saved = await page.evaluate(() => fetch('/api/v1/account').then((answer) => answer.json()));
    expect(saved.profile).toMatchObject({
      phone: '+33 1 23 45 67 89',
      ext: '42',
      city: 'Lyon',
      position: 'Archivist',
    });
  });

  it('creates an API key, shows it once with Copy, and revokes it', async () => {
    await openUserMenu('API keys');
    await seeHeading('API keys');
    await seeText('You have no API keys yet.');
    await checkScreen('api-keys-empty');
    await button('Create key').click();
    await seeText(MESSAGES.requiredEmpty);
    await fill('name', 'Nightly import');
    await button('Create key').click();
    await seeHeading('Your new API key');
    const key = await page.$eval('[data-testid="new-api-key"]', (input) => (input as HTMLInputElement).value);
    expect(key).toMatch(/^rdam_/);
    await checkScreen('api-key-created');
    const withKey = (
      await fetch(new URL('api/v1/account', site.url), { headers: { Authorization: `Bearer ${key}` } })
    ).status;
    expect(withKey).toBe(200);
    await button('Close').click();
    await seeText('Nightly import');
    await checkScreen('api-keys');
    await button('Revoke Nightly import').click();
    await seeText('Revoke the key "Nightly import"? Scripts using it stop working.');
    await checkScreen('api-key-revoke');
    await page.locator('[role="alertdialog"] button ::-p-text(Revoke)').click();
    await seeText('You have no API keys yet.');
    const revoked = (
      await fetch(new URL('api/v1/account', site.url), { headers: { Authorization: `Bearer ${key}` } })
    ).status;
    expect(revoked).toBe(401);
  });

  it('changes the password, with the R-PASSWORD-POLICY messages first', async () => {
    await openUserMenu('Change password');
    await seeHeading('Change password');
    await fill('oldPassword', ADMIN_PASSWORD);
    await fill('password', ADMIN_PASSWORD);
    await fill('confirm', ADMIN_PASSWORD);
    await button('Change password').click();
    await seeText(MESSAGES.oldAndNewSame);
    await fill('password', NEW_PASSWORD);
    await fill('confirm', 'something else');
    await button('Change password').click();
    await seeText(MESSAGES.passwordsDoNotMatch);
    await fill('oldPassword', 'not-my-password');
    await fill('confirm', NEW_PASSWORD);
    await button('Change password').click();
    await seeText(MESSAGES.oldPasswordIncorrect);
    await checkScreen('change-password-error');
    await fill('oldPassword', ADMIN_PASSWORD);
    await button('Change password').click();
    await seeText('Your password is changed. Your other sessions have ended.');
    await checkScreen('change-password');
  });

  it('administers users: creates one, and the server refuses to delete the special users', async () => {
    await openUserMenu('Administration');
    await seeHeading('Administration — Users');
    await seeText('nologin');
    await checkScreen('admin-users');
    await button('New user').click();
    await seeHeading('New user');
    await fill('username', 'nadia');
    await fill('password', 'Nadia-Password-1');
    await fill('email', 'nadia@dam.example');
    await fill('firstName', 'Nadia');
    await fill('lastName', 'Photographer');
    await checkScreen('admin-user-editor');
    await button('Create').click();
    await seeText('nadia@dam.example');
    await noBackdrop();
    await tick('Select nologin');
    await tick('Select nadia');
    await button('Delete selected (2)').click();
    await page.locator('[role="alertdialog"] button ::-p-text(Delete)').click();
    await seeText(MESSAGES.specialUsers);
    await checkScreen('admin-users-delete-refused');
    await button('Cancel').click();
  });

  it('administers groups and ACLs: root path, the R-PERMISSIONS permission names, holders', async () => {
    await adminTab('Groups');
    await seeHeading('Administration — Groups');
    await button('New group').click();
    await fill('name', 'Photographers');
    await fill('description', 'Shoot and upload pictures.');
    await page.locator('[role="dialog"] label ::-p-text(nadia)').click();
    await button('Create').click();
    await seeText('Shoot and upload pictures.');
    await checkScreen('admin-groups');

    await adminTab('ACLs');
    await seeHeading('Administration — ACLs');
    await page.waitForSelector('main ::-p-text(Marketing \\(authors\\))', { visible: true });
    await button('New ACL').click();
    await seeHeading('New ACL');
    for (const permission of ['facet browsing', 'fileUpload', 'quickDownload', 'downloadHiRes'])
      await page.waitForSelector(`[role="dialog"] label ::-p-text(${quoted(permission)})`);
    await fill('name', 'Photos');
    await fill('rootPath', 'Library/Photos');
    await page.locator('[role="dialog"] label ::-p-text(fileUpload)').click();
    await page.locator('[role="dialog"] label ::-p-text(quickDownload)').click();
    await page.locator('[role="dialog"] label ::-p-text(Photographers)').click();
    await page.locator('[role="dialog"] label ::-p-text(admin)').click();
    await checkScreen('admin-acl-editor');
    await button('Create').click();
    await seeText('Library/Photos');
    await checkScreen('admin-acls');
    const acls = await page.evaluate(() => fetch('/api/v1/admin/acls').then((answer) => answer.json()));
    const photos = acls.find((acl: { name: string }) => acl.name === 'Photos');
    expect(photos).toMatchObject({
      rootPath: 'Library/Photos',
      // R-ACL-RELATIVE-PATH: a new ACL holds the relative path permission at its root.
      relativePath: 'Library/Photos',
      permissions: ['fileUpload', 'quickDownload'],
    });
    expect(photos.userIds).toHaveLength(1);
    expect(photos.groupIds).toHaveLength(1);
  });

  it('changes the platform settings the transfer flows read (R-PLATFORM-SETTINGS)', async () => {
    await adminTab('Platform settings');
    await seeHeading('Administration — Platform settings');
    await seeText('mb.prefix.work.folders');
    await seeText('The loading dock folder is LoadingDock.');
    await page.locator('main label ::-p-text(Prefix work folders)').click();
    await seeText('The loading dock folder is ~$LoadingDock.');
    await fill('workspaceId', 'ws-7');
    await checkScreen('admin-platform-settings');
    await button('Save').click();
    await seeText('Platform settings saved.');
    const settings = await page.evaluate(() =>
      fetch('/api/v1/platform-settings').then((answer) => answer.json()),
    );
    expect(settings).toEqual({ prefixWorkFolders: true, asperaSeamless: 'false', workspaceId: 'ws-7' });
  });

  it('sends an invitation, shows it open, and the outbox and audit log show what happened', async () => {
    await adminTab('Invitations');
    await seeHeading('Administration — Invitations');
    await fill('email', 'newcomer@dam.example');
    await page.select('main select', await optionValue('main select', 'Photographers'));
    await button('Send invitation').click();
    await seeText('Invitation sent to newcomer@dam.example.');
    await page.waitForSelector('[data-state-name="open"]');
    await checkScreen('admin-invitations');

    await adminTab('Outbox');
    await seeHeading('Administration — Outbox');
    await seeText('newcomer@dam.example');
    await checkScreen('admin-outbox');

    await adminTab('Audit log');
    await seeHeading('Administration — Audit log');
    await seeText('invitation_sent');
    await seeText('user_created');
    await checkScreen('admin-audit');
  });

  it('administers conversion presets: the seeded ones, and a new video preset checked before it is sent', async () => {
    await adminTab('Conversion presets');
    await seeHeading('Administration — Conversion presets');
    await seeText('Web JPEG 2000 px sRGB');
    await seeText('Broadcast proxy 1080p');
    await checkScreen('admin-conversions');
    await button('New preset').click();
    await seeHeading('New preset');
    await fill('name', 'Clip 720p 5 s');
    await page.select('[role="dialog"] select[name="kind"]', 'video');
    await fill('height', '720');
    await fill('durationSeconds', '5');
    await checkScreen('admin-preset-editor');
    await button('Create').click();
    await seeText('MP4 · … × 720 px · 0–5 s');
    const presets = await page.evaluate(() =>
      fetch('/api/v1/conversion-presets').then((answer) => answer.json()),
    );
    expect(presets.find((preset: { name: string }) => preset.name === 'Clip 720p 5 s')).toMatchObject({
      kind: 'video',
      format: 'mp4',
      height: 720,
      durationSeconds: 5,
    });
  });

  it('switches admin mode, and offers the other ACLs when an ACL’s root path is missing', async () => {
    await page.locator('button[data-user-menu]').click();
    await page.locator('aria/Admin mode[role="menuitemcheckbox"]').click();
    await seeText('Admin mode is on: permissions are overridden.');

    await go('#/');
    await seeLibrary();
    // The ACL's folder disappears from storage (moved by hand, a failed mount): its root path is missing.
    await rm(join(site.runtime.services.config.storageRoot, 'Library/Photos'), {
      recursive: true,
      force: true,
    });
    const photos = await optionValue('select[aria-label="Switch ACL"]', 'Photos');
    await page.select('select[aria-label="Switch ACL"]', photos);
    await page.waitForSelector('[role="alertdialog"]', { visible: true });
    await seeText(MESSAGES.aclRootMissing);
    await checkScreen('acl-root-missing');
    await page.locator('[role="alertdialog"] button ::-p-text(Library (full))').click();
    await seeText('Now working in Library (full).');
    await mkdir(join(site.runtime.services.config.storageRoot, 'Library/Photos'), { recursive: true });
    await logOut();
  });

  it('tells a non-administrator the administration is not for them', async () => {
    const ellen = site.logins.find((login) => login.username === 'ellen');
    await logIn('ellen', ellen?.password ?? '');
    await go('#/admin/users');
    await seeText(MESSAGES.notAdministrator);
    await checkScreen('not-administrator');
    await logOut();
  });

  it('accepts the invitation from its #CU link, signed in at once', async () => {
    const invitation = await site.runtime.services.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', 'newcomer@dam.example')
      .executeTakeFirstOrThrow();
    await go(`index.html#CU${invitation.id}`);
    await seeHeading('Accept your invitation');
    await seeText('You will join the group Photographers.');
    expect(await page.$eval('input[name="email"]', (input) => (input as HTMLInputElement).value)).toBe(
      'newcomer@dam.example',
    );
    await button('Join').click();
    await seeText(MESSAGES.usernameBlank);
    await checkScreen('invitation-errors');
    await fill('username', 'newcomer');
    await fill('password', 'Newcomer-Password-9');
    await fill('confirm', 'Newcomer-Password-9');
    await fill('firstName', 'Nina');
    await fill('lastName', 'Newcomer');
    await button('Join').click();
    // R-HOME: the newcomer lands on Home, welcomed; the library is a link away.
    await seeText('Welcome! Your account is ready.');
    await checkScreen('invitation-accepted');
    await seeLibrary();
    const session = await page.evaluate(() => fetch('/api/v1/session').then((answer) => answer.json()));
    expect(session.user.username).toBe('newcomer');

    await go(`index.html#CU${invitation.id}`);
    await seeText(MESSAGES.invitationDone);
    await checkScreen('invitation-done');
  });

  it('says the session timed out when an API call answers session_timeout, then logs out', async () => {
    await go('#/');
    await seeLibrary();
    await site.runtime.services.db.deleteFrom('sessions').execute();
    await openUserMenu('API keys');
    await seeText(MESSAGES.sessionTimedOut);
    await checkScreen('session-timed-out');
    await page.reload();
    await seeHeading('Log in');
    await seeText(MESSAGES.sessionTimedOut);
    await checkScreen('login-after-timeout');
    await logIn('admin', NEW_PASSWORD);
    await logOut();
    const session = await page.evaluate(() => fetch('/api/v1/session').then((answer) => answer.status));
    expect(session).toBe(401);
  });

  it('creates an account and activates it with the mailed code', async () => {
    await go('#/login');
    await page.locator('a ::-p-text(Create account)').click();
    await seeHeading('Create account');
    await checkScreen('create-account');
    await fill('username', 'walter');
    await fill('password', 'Walter-Password-3');
    await fill('confirm', 'Walter-Password-3');
    await fill('email', 'walter@dam.example');
    await button('Create account').click();
    await seeHeading('Activation code');
    await seeText('Account created. Check your mail for the activation code.');
    await button('Activate').click();
    await seeText(MESSAGES.activationCodeEmpty);
    await fill('code', 'WRONG1');
    await button('Activate').click();
    await seeText(MESSAGES.activationCodeInvalid);
    await checkScreen('activation-code');
    const code = await activationCode('walter@dam.example');
    await fill('code', code);
    await button('Activate').click();
    await seeText('Your account is active. Log in.');
    await logIn('walter', 'Walter-Password-3');
    // A new account holds no ACL yet (R-ACL-SWITCH).
    await seeText(MESSAGES.noAcl);
    await checkScreen('no-acl');
    await logOut();
  });

  it('sends the reset link, and refuses a reset token that is not valid', async () => {
    await go('#/login');
    await page.locator('a ::-p-text(Forgot password?)').click();
    await seeHeading('Forgot password');
    await checkScreen('forgot-password');
    await fill('login', 'ellen');
    await button('Send the link').click();
    await seeText('If an account matches, a link to reset its password is on its way. Check your mail.');
    await go('#reset=not-a-real-token');
    await seeHeading('Reset password');
    await fill('password', 'Another-Password-5');
    await fill('confirm', 'Another-Password-5');
    await button('Set the new password').click();
    await seeText(MESSAGES.linkInvalid);
    await checkScreen('reset-password');
  });

  it('speaks French and draws in dark mode, and fits 768 px', async () => {
    await go('#/login');
    await seeHeading('Log in');
    await page.select('select[aria-label="Language"]', 'fr');
    await seeHeading('Connexion');
    // Light until the person picks dark: a click that lands toggles both the button and the page.
    await page.waitForSelector('button[aria-label="Mode de couleur: Clair"][aria-pressed="false"]');
    await page.locator('button[aria-label="Mode de couleur: Clair"]').click();
    await page.waitForSelector('button[aria-label="Mode de couleur: Sombre"][aria-pressed="true"]');
    expect(await page.evaluate(() => document.documentElement.className)).toMatch(/\bdark\b/);
    await button('Se connecter').click();
    await seeText('Vous devez saisir votre nom d’utilisateur ou votre e-mail.');
    await checkScreen('login-fr-dark');
    await page.select('select[aria-label="Langue"]', 'en');
    await seeHeading('Log in');
    // The message on screen changes language with the rest.
    await seeText(MESSAGES.usernameOrEmail);

    const narrow = await openPage(768, 1000);
    await go('#/login', narrow);
    await seeHeading('Log in', narrow);
    await fill('login', 'admin', narrow);
    await fill('password', NEW_PASSWORD, narrow);
    await button('Log in', narrow).click();
    await seeLibrary(narrow);
    await checkScreen('shell-768-dark', narrow);
    await go('#/admin/users', narrow);
    await seeText('nologin', narrow);
    await checkScreen('admin-users-768-dark', narrow);
    await narrow.locator('footer button[aria-label^="Colour mode"]').click();
    await narrow.close();
  });

  it('says when cookies are disabled, and when the browser is not supported', async () => {
    const noCookies = await openPage();
    await noCookies.evaluateOnNewDocument(() => {
      Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false });
    });
    await go('', noCookies);
    await seeText(MESSAGES.cookiesDisabled, noCookies);
    await checkScreen('cookies-disabled', noCookies);
    await noCookies.close();

    const old = await openPage();
    await old.evaluateOnNewDocument(() => {
      // biome-ignore lint/suspicious/noExplicitAny: removing a built-in to play an old browser
      delete (window as any).fetch;
    });
    await go('', old);
    await seeText(MESSAGES.browserNotSupported, old);
    await checkScreen('browser-not-supported', old);
    await old.close();
  });

  it('kept the strict CSP: no inline script or style was refused, and no page error', () => {
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

async function optionValue(select: string, text: string): Promise<string> {
  return page.$eval(
    select,
    (element, wanted) => {
      const option = [...(element as HTMLSelectElement).options].find((each) => each.text === wanted);
      if (!option) throw new Error(`no option ${wanted}`);
      return option.value;
    },
    text,
  );
}

/** The code from the activation mail, which the job queue writes to the outbox shortly after the account. */
async function activationCode(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await site.runtime.services.outbox()) ?? [];
    const mail = mails.find((each) => each.to.includes(email) && /activation code/i.test(each.subject));
    const code = /activation code is:\s+(\S+)/.exec(mail?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no activation mail for ${email}`);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../dam-app/server/api/routes.ts';
import { startTestDam, type TestDam } from '../../dam-app/server/test-support/test-dam.ts';
import { axeViolations } from './harness/installer-site.ts';
import { launchRapidBrowser, type RapidBrowser } from './harness/rapid-browser.ts';
import { saveScreenshot } from './harness/screenshot.ts';

let dam: TestDam;
let rapid: RapidBrowser;

beforeAll(async () => {
  dam = await startTestDam('pglite');
  rapid = await launchRapidBrowser({ registerHost: false });
});
afterAll(async () => {
  await rapid.close();
  await dam.close();
});

describe('the DAM API reference', () => {
  it('renders every route under the strict CSP, readable and accessible', async () => {
    const page = await rapid.browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.setViewport({ width: 1280, height: 900 });
    const response = await page.goto(`${dam.url}/api/docs`);
    expect(response?.status()).toBe(200);
    const headings = await page.$$eval('h2', (nodes) => nodes.map((node) => node.textContent));
    // One section per tag, in the order the route table first names it, then the schemas.
    const tags = [...new Set(API_ROUTES.map((route) => route.tag))];
    expect(headings).toEqual([...tags, 'Schemas']);
    const operations = await page.$$eval('section.operation h3 code', (nodes) =>
      nodes.map((node) => node.textContent),
    );
    expect(operations).toContain('/api/v1/session');
    expect(operations).toContain('/api/v1/admin/acls/{id}');
    const styled = await page.$eval('.method.post', (node) => getComputedStyle(node).backgroundColor);
    expect(styled).toBe('rgb(39, 103, 73)');
    console.log(`screenshot: ${await saveScreenshot(page, 'dam-api-reference')}`);
    expect(await axeViolations(page.mainFrame())).toEqual([]);
    expect(violations).toEqual([]);
  });
});

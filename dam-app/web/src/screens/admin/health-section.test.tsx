// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HealthCheck } from '../../../../api/health.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const check = (over: Partial<HealthCheck> & Pick<HealthCheck, 'kind' | 'target'>): HealthCheck => ({
  status: 'green',
  reason: 'ok',
  detail: '',
  facts: {},
  ...over,
});

const report = (checks: HealthCheck[]) => ({
  ok: true,
  database: 'postgres',
  version: '0.1.0',
  healthy: checks.every((each) => each.status !== 'red'),
  checks,
});

describe('R-HEALTH-TESTS: the Health tests section', () => {
  it('shows each test by name with its state, its reason and its figures', async () => {
    fakeApi({
      'GET /health': report([
        check({ kind: 'database', target: 'postgres', facts: { roundTripMs: 1.5, poolSize: 10 } }),
        check({
          kind: 'disk',
          target: 'dock',
          status: 'red',
          reason: 'low_space',
          detail: '12 bytes free under /srv/dam/storage/LoadingDock.',
          facts: { freeBytes: 1_500_000_000, minFreeBytes: 2_000_000_000 },
        }),
        check({ kind: 'smtp', target: '', status: 'off', reason: 'not_configured' }),
        check({ kind: 'antivirus', target: '/run/clamd.sock', facts: { engine: 'ClamAV 1.4.6' } }),
      ]),
    });
    renderScreen(<AdminScreen section="health" />);
    const table = await screen.findByRole('table', { name: en('admin.health') });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    const disk = row(en('health.kind.disk', { target: en('health.area.dock') }));
    expect(within(disk).getByText(en('health.status.red'))).toBeTruthy();
    expect(within(disk).getByText(en('health.reason.low_space'))).toBeTruthy();
    expect(within(disk).getByText('1.5 GB')).toBeTruthy();
    expect(within(disk).getByText(/12 bytes free/)).toBeTruthy();
    const mail = row(en('health.kind.smtp', { target: '' }).trim());
    expect(within(mail).getByText(en('health.status.off'))).toBeTruthy();
    const antivirus = row(en('health.kind.antivirus', { target: '/run/clamd.sock' }));
    expect(within(antivirus).getByText('ClamAV 1.4.6')).toBeTruthy();
    expect(within(antivirus).getByText(en('health.status.green'))).toBeTruthy();
    expect(screen.getByText(en('health.unhealthy'))).toBeTruthy();
  });

  it('says when every configured test passes', async () => {
    fakeApi({ 'GET /health': report([check({ kind: 'database', target: 'pglite' })]) });
    renderScreen(<AdminScreen section="health" />);
    expect(await screen.findByText(en('health.healthy'))).toBeTruthy();
    expect(screen.getByRole('button', { name: en('health.runAgain') })).toBeTruthy();
  });
});

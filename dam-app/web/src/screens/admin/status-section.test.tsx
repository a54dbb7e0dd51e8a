// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SystemStatus } from '../../../../api/status.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const now: SystemStatus = {
  version: '1.2.3',
  startedAt: '2026-11-26T10:00:00.000Z',
  uptimeSeconds: 2 * 86_400 + 3 * 3_600 + 4 * 60 + 5,
  server: { host: 'dam-1', pid: 4242 },
  servers: [
    {
      host: 'dam-1',
      pid: 4242,
      url: 'http://10.0.0.1:8080',
      startedAt: '2026-11-26T10:00:00.000Z',
      current: true,
    },
    {
      host: 'dam-2',
      pid: 777,
      url: 'http://10.0.0.2:8080',
      startedAt: '2026-11-26T10:01:00.000Z',
      current: false,
    },
  ],
  jobs: [
    { kind: 'asset.renditions', queued: 12, running: 2, failed: 0 },
    { kind: 'mail.send', queued: 0, running: 0, failed: 3 },
  ],
  transfers: [
    { node: 'https://node-a:9092', running: 4 },
    { node: 'https://node-b:9092', running: null },
  ],
  storage: { assets: 1234, bytes: 5_600_000_000, freeBytes: 80_000_000_000, totalBytes: 100_000_000_000 },
  scans: { clean: 40, infected: 1, unscanned: 2 },
};

describe('R-SYSTEM-STATUS: the System status section', () => {
  it('shows the version, uptime, storage, the servers of the cluster, the job queue by kind and transfers per node', async () => {
    fakeApi({ 'GET /admin/status': now });
    renderScreen(<AdminScreen section="status" />);
    expect(await screen.findByText('1.2.3')).toBeTruthy();
    expect(screen.getByText(en('status.uptimeValue', { days: 2, hours: 3, minutes: 4 }))).toBeTruthy();
    expect(screen.getByText('5.6 GB')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    const jobs = screen.getByRole('table', { name: en('status.jobs') });
    const mail = within(jobs).getByText('mail.send').closest('tr') as HTMLElement;
    expect(within(mail).getByText('3')).toBeTruthy();
    const servers = screen.getByRole('table', { name: en('status.servers') });
    const answering = within(servers).getByText('dam-1 · 4242').closest('tr') as HTMLElement;
    expect(within(answering).getByText(en('status.thisServer'))).toBeTruthy();
    const other = within(servers).getByText('dam-2 · 777').closest('tr') as HTMLElement;
    expect(within(other).queryByText(en('status.thisServer'))).toBeNull();
    expect(within(other).getByText('http://10.0.0.2:8080')).toBeTruthy();
    const transfers = screen.getByRole('table', { name: en('status.transfers') });
    const down = within(transfers).getByText('https://node-b:9092').closest('tr') as HTMLElement;
    expect(within(down).getByText(en('status.nodeDown'))).toBeTruthy();
  });
});

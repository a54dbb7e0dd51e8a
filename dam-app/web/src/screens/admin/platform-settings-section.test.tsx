// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../api/messages.ts';
import { PLATFORM_SETTING_NAMES } from '../../../../api/platform-settings.ts';
import { failure, fakeApi, NEVER } from '../../test-support/fake-api.ts';
import { en, enSpec, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const stored = { prefixWorkFolders: false, asperaSeamless: 'false', workspaceId: '1' };

describe('R-PLATFORM-SETTINGS: the Platform settings section', () => {
  it('shows placeholders while the settings load', async () => {
    fakeApi({ 'GET /platform-settings': NEVER });
    renderScreen(<AdminScreen section="platform" />);
    expect(await screen.findByLabelText(en('app.loading'))).toBeTruthy();
  });

  it("shows the server's message when they cannot be read", async () => {
    fakeApi({ 'GET /platform-settings': failure(500, 'server_error', MESSAGES.operationFailed) });
    renderScreen(<AdminScreen section="platform" />);
    expect((await screen.findByRole('alert')).textContent).toContain(enSpec('operationFailed'));
  });

  it('shows each setting under the product’s name and saves what the administrator changed', async () => {
    const changed = { prefixWorkFolders: true, asperaSeamless: 'true', workspaceId: 'ws-7' };
    const { calls } = fakeApi({ 'GET /platform-settings': stored, 'PUT /admin/platform-settings': changed });
    renderScreen(<AdminScreen section="platform" />);
    await screen.findByText(PLATFORM_SETTING_NAMES.prefixWorkFolders);
    expect(screen.getByText(en('admin.prefixWorkFoldersHint', { folder: 'LoadingDock' }))).toBeTruthy();
    fireEvent.click(screen.getByLabelText(en('admin.prefixWorkFolders')));
    // The hint follows the box: the dock folder carries the ~$ prefix.
    expect(
      await screen.findByText(en('admin.prefixWorkFoldersHint', { folder: '~$LoadingDock' })),
    ).toBeTruthy();
    const seamless = screen.getByLabelText(
      new RegExp(PLATFORM_SETTING_NAMES.asperaSeamless.replaceAll('.', '\\.')),
    );
    fireEvent.change(seamless, { target: { value: 'true' } });
    const workspace = screen.getByLabelText(
      new RegExp(PLATFORM_SETTING_NAMES.workspaceId.replaceAll('.', '\\.')),
    );
    fireEvent.change(workspace, { target: { value: 'ws-7' } });
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual(changed);
  });

  it('shows the server’s refusal beside its field', async () => {
    fakeApi({
      'GET /platform-settings': stored,
      'PUT /admin/platform-settings': {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'invalid',
            user_message: 'Invalid input.',
            fields: { workspaceId: 'Taken by another site.' },
          },
        },
      },
    });
    renderScreen(<AdminScreen section="platform" />);
    await screen.findByText(PLATFORM_SETTING_NAMES.prefixWorkFolders);
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    expect(await screen.findByText('Taken by another site.')).toBeTruthy();
  });

  it('checks the workspace id before sending', async () => {
    const { calls } = fakeApi({ 'GET /platform-settings': stored });
    renderScreen(<AdminScreen section="platform" />);
    await screen.findByText(PLATFORM_SETTING_NAMES.prefixWorkFolders);
    const workspace = screen.getByLabelText(
      new RegExp(PLATFORM_SETTING_NAMES.workspaceId.replaceAll('.', '\\.')),
    );
    fireEvent.change(workspace, { target: { value: 'a b' } });
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    expect(await screen.findByText('A workspace id is letters, digits, ".", "-" or "_".')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('R-CONFIGURATOR-LEASE: a second administrator is told another configures, and by whom', async () => {
    const { calls } = fakeApi({
      'GET /platform-settings': stored,
      'POST /admin/configuration-lease': {
        status: 409,
        body: {
          error: {
            code: 'configuring',
            message: 'ada is configuring this.',
            user_message: MESSAGES.anotherConfigurator,
            details: { holder: 'ada', expiresAt: '2026-11-27T07:00:00.000Z' },
          },
        },
      },
    });
    renderScreen(<AdminScreen section="platform" />);
    expect(await screen.findByText(MESSAGES.anotherConfigurator)).toBeTruthy();
    expect(screen.getByText(en('lease.heldBy', { name: 'ada' }))).toBeTruthy();
    expect(calls.find((call) => call.path === '/admin/configuration-lease')?.body).toEqual({
      scope: 'global',
    });
  });
});

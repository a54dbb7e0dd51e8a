// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../api/messages.ts';
import { RUNTIME_SETTING_NAMES, type RuntimeSetting } from '../../../../api/runtime-settings.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { translator } from '../../i18n/translate.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const values: Record<string, string> = {
  DAM_SESSION_IDLE_MINUTES: '120',
  DAM_ALLOW_UPLOAD: 'false',
  DAM_ALLOW_DOWNLOAD: 'true',
  DAM_SHARE_MAX_DAYS: '30',
  DAM_METRICS: 'admin',
  DAM_SMTP_HOST: 'mail.example.com',
  DAM_SMTP_TLS: 'false',
  DAM_SMTP_PASSWORD: '',
  MAIL_FROM: 'DAM <dam@example.com>',
};
const settings: RuntimeSetting[] = RUNTIME_SETTING_NAMES.map((name) => ({
  name,
  value: values[name] ?? '1',
  pinned: name === 'DAM_ALLOW_UPLOAD',
  stored: name === 'DAM_SHARE_MAX_DAYS' || name === 'DAM_SMTP_PASSWORD',
}));
const LEASE = {
  'POST /admin/configuration-lease': { scope: 'global', holder: 'boss', expiresAt: '2099-01-01T00:00:00Z' },
  'POST /admin/configuration-lease/release': { ok: true },
};

function French({ children }: { children: ReactNode }) {
  const { setLanguage } = usePreferences();
  useEffect(() => setLanguage('fr'), [setLanguage]);
  return children;
}

describe('R-RUNTIME-SETTINGS: the Configuration section', () => {
  it('shows each setting under its environment name; a pinned one is marked and cannot be changed', async () => {
    fakeApi({ 'GET /admin/runtime-settings': { settings }, ...LEASE });
    renderScreen(<AdminScreen section="configuration" />);
    const upload = (await screen.findByLabelText(en('config.DAM_ALLOW_UPLOAD'))) as HTMLInputElement;
    expect(upload.disabled).toBe(true);
    expect(screen.getByText(en('config.pinned'))).toBeTruthy();
    expect(screen.getByText('DAM_SESSION_IDLE_MINUTES')).toBeTruthy();
    expect((screen.getByLabelText(en('config.DAM_SESSION_IDLE_MINUTES')) as HTMLInputElement).value).toBe(
      '120',
    );
    expect((screen.getByLabelText(en('config.DAM_METRICS')) as HTMLSelectElement).value).toBe('admin');
  });

  it('saves only what the administrator changed; "Use the default" sends null', async () => {
    const { calls } = fakeApi({
      'GET /admin/runtime-settings': { settings },
      'PUT /admin/runtime-settings': { settings },
      ...LEASE,
    });
    renderScreen(<AdminScreen section="configuration" />);
    const idle = await screen.findByLabelText(en('config.DAM_SESSION_IDLE_MINUTES'));
    fireEvent.change(idle, { target: { value: '30' } });
    const download = screen.getByLabelText(en('config.DAM_ALLOW_DOWNLOAD')) as HTMLInputElement;
    fireEvent.click(download);
    await waitFor(() => expect(download.checked).toBe(false));
    fireEvent.change(screen.getByLabelText(en('config.DAM_METRICS')), { target: { value: 'public' } });
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      values: { DAM_SESSION_IDLE_MINUTES: '30', DAM_ALLOW_DOWNLOAD: 'false', DAM_METRICS: 'public' },
    });
    fireEvent.click(
      screen.getByRole('button', {
        name: en('config.useDefaultOf', { name: en('config.DAM_SHARE_MAX_DAYS') }),
      }),
    );
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({
      values: { DAM_SHARE_MAX_DAYS: null },
    });
  });

  it('R-RUNTIME-SMTP: edits the SMTP server and the upload limit; the password is never shown, typed only to replace it', async () => {
    const { calls } = fakeApi({
      'GET /admin/runtime-settings': { settings },
      'PUT /admin/runtime-settings': { settings },
      ...LEASE,
    });
    renderScreen(<AdminScreen section="configuration" />);
    const host = (await screen.findByLabelText(en('config.DAM_SMTP_HOST'))) as HTMLInputElement;
    expect(host.value).toBe('mail.example.com');
    const password = screen.getByLabelText(en('config.DAM_SMTP_PASSWORD')) as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.value).toBe('');
    expect(screen.getByText(en('config.secretStored'))).toBeTruthy();
    fireEvent.change(host, { target: { value: 'smtp.example.org' } });
    fireEvent.change(password, { target: { value: 'New-Secret-1' } });
    fireEvent.change(screen.getByLabelText(en('config.DAM_MAX_UPLOAD_BYTES')), {
      target: { value: '1048576' },
    });
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      values: {
        DAM_SMTP_HOST: 'smtp.example.org',
        DAM_SMTP_PASSWORD: 'New-Secret-1',
        DAM_MAX_UPLOAD_BYTES: '1048576',
      },
    });
  });

  it('shows the server’s refusal beside its field', async () => {
    fakeApi({
      'GET /admin/runtime-settings': { settings },
      'PUT /admin/runtime-settings': {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'DAM_SESSION_IDLE_MINUTES must be at most 43200',
            user_message: MESSAGES.settingInvalid,
            fields: { DAM_SESSION_IDLE_MINUTES: MESSAGES.settingInvalid },
          },
        },
      },
      ...LEASE,
    });
    renderScreen(<AdminScreen section="configuration" />);
    const idle = await screen.findByLabelText(en('config.DAM_SESSION_IDLE_MINUTES'));
    fireEvent.change(idle, { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    expect(await screen.findByText(MESSAGES.settingInvalid)).toBeTruthy();
  });

  it('speaks French', async () => {
    const fr = translator('fr');
    fakeApi({ 'GET /admin/runtime-settings': { settings }, ...LEASE });
    renderScreen(
      <French>
        <AdminScreen section="configuration" />
      </French>,
    );
    expect(await screen.findByLabelText(fr('config.DAM_SESSION_IDLE_MINUTES'))).toBeTruthy();
    expect(screen.getByText(fr('config.pinned'))).toBeTruthy();
    expect(screen.getByText(fr('config.intro'))).toBeTruthy();
    expect(screen.getByLabelText(fr('config.DAM_SMTP_PASSWORD'))).toBeTruthy();
    expect(screen.getByText(fr('config.secretStored'))).toBeTruthy();
  });
});

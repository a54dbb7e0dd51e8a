// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../api/messages.ts';
import { REMOTE_EXAMPLE_ADDRESS, type RemoteServer } from '../../../../api/remote-servers.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const PRINTER: RemoteServer = {
  id: 4,
  name: 'Printer',
  protocol: 'ftp',
  address: 'ftp.print.example:21',
  username: 'deliver',
  destination: '/in',
  description: '',
  pcFormat: true,
  hasPrivateKey: false,
  hostKey: null,
};
const STUDIO: RemoteServer = {
  ...PRINTER,
  id: 5,
  name: 'Studio',
  protocol: 'sftp',
  address: 'sftp.studio.example:22',
  hasPrivateKey: true,
  hostKey: 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s',
};
const routes = {
  'GET /admin/remote-servers': [PRINTER, STUDIO],
  'GET /admin/remote-transfers': [
    {
      id: 1,
      serverId: 4,
      direction: 'deliver',
      state: 'failed',
      filesTotal: 2,
      filesDone: 0,
      filesRefused: 0,
      bytesDone: 0,
      error: MESSAGES.remoteConnectFailed,
      createdAt: '2026-11-27T06:00:00.000Z',
      finishedAt: '2026-11-27T06:00:01.000Z',
    },
  ],
};

describe('R-REMOTE-SERVERS: the Remote servers section', () => {
  it('lists servers and their transfers; the connection test shows the server’s text', async () => {
    fakeApi({
      ...routes,
      'POST /admin/remote-servers/4/test': {
        status: 502,
        body: {
          error: { code: 'remote_unreachable', message: 'x', user_message: MESSAGES.remoteConnectFailed },
        },
      },
    });
    renderScreen(<AdminScreen section="remote" />);
    const row = (await screen.findByText('ftp://ftp.print.example:21')).closest('tr') as HTMLElement;
    expect(within(row).getByText('/in')).toBeTruthy();
    expect(await screen.findByText(en('remote.state.failed'))).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: en('remote.testLabel', { name: 'Printer' }) }));
    await waitFor(() => expect(screen.getAllByText(MESSAGES.remoteConnectFailed).length).toBe(2));
  });

  it('creates a server with a password and the example address shown', async () => {
    const { calls } = fakeApi({ ...routes, 'POST /admin/remote-servers': { status: 201, body: PRINTER } });
    renderScreen(<AdminScreen section="remote" />);
    fireEvent.click(await screen.findByRole('button', { name: en('remote.new') }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByText(en('remote.addressHint', { example: REMOTE_EXAMPLE_ADDRESS }))).toBeTruthy();
    fireEvent.change(drawer.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Printer' } });
    fireEvent.change(drawer.getByRole('textbox', { name: new RegExp(`^${en('remote.address')}`) }), {
      target: { value: 'ftp.print.example' },
    });
    fireEvent.change(drawer.getByRole('textbox', { name: new RegExp(`^${en('remote.username')}`) }), {
      target: { value: 'deliver' },
    });
    fireEvent.click(drawer.getByRole('button', { name: en('app.create') }));
    expect(await drawer.findByText(MESSAGES.passwordEmpty)).toBeTruthy();
    fireEvent.change(drawer.getByLabelText(new RegExp(`^${en('remote.password')}`)), {
      target: { value: 'secret-1' },
    });
    fireEvent.click(drawer.getByRole('button', { name: en('app.create') }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        name: 'Printer',
        address: 'ftp.print.example',
        password: 'secret-1',
      }),
    );
  });

  it('R-REMOTE-SFTP: shows an SFTP server’s recorded host key and forgets it on request', async () => {
    const { calls } = fakeApi({ ...routes, 'POST /admin/remote-servers/5/forget-host-key': { ok: true } });
    renderScreen(<AdminScreen section="remote" />);
    const row = (await screen.findByText('sftp://sftp.studio.example:22')).closest('tr') as HTMLElement;
    expect(within(row).getByTitle(STUDIO.hostKey as string).textContent).toBe('SHA256:uNiVztksCsDh…');
    const printer = screen.getByText('ftp://ftp.print.example:21').closest('tr') as HTMLElement;
    expect(within(printer).queryByRole('button', { name: /host key/ })).toBeNull();
    fireEvent.click(
      within(row).getByRole('button', { name: en('remote.forgetHostKeyLabel', { name: 'Studio' }) }),
    );
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/5/forget-host-key'))).toBe(
        true,
      ),
    );
  });

  it('R-REMOTE-SFTP: creates an SFTP server that signs in with a private key alone', async () => {
    const { calls } = fakeApi({ ...routes, 'POST /admin/remote-servers': { status: 201, body: STUDIO } });
    renderScreen(<AdminScreen section="remote" />);
    fireEvent.click(await screen.findByRole('button', { name: en('remote.new') }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(drawer.getByRole('combobox', { name: en('remote.protocol') }), {
      target: { value: 'sftp' },
    });
    expect(drawer.getByText(en('remote.passwordOrKey'))).toBeTruthy();
    fireEvent.change(drawer.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Studio' } });
    fireEvent.change(drawer.getByRole('textbox', { name: new RegExp(`^${en('remote.address')}`) }), {
      target: { value: 'sftp.studio.example' },
    });
    fireEvent.change(drawer.getByRole('textbox', { name: new RegExp(`^${en('remote.username')}`) }), {
      target: { value: 'deliver' },
    });
    fireEvent.change(drawer.getByRole('textbox', { name: en('remote.privateKey') }), {
      target: { value: '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----\n' },
    });
    fireEvent.click(drawer.getByRole('button', { name: en('app.create') }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ protocol: 'sftp', address: 'sftp.studio.example', username: 'deliver' });
    expect(body.privateKey).toContain('BEGIN OPENSSH PRIVATE KEY');
    expect(body.password).toBeUndefined();
  });

  it('R-REMOTE-SFTP: editing keeps the stored key unless told to remove it', async () => {
    const { calls } = fakeApi({ ...routes, 'PUT /admin/remote-servers/5': STUDIO });
    renderScreen(<AdminScreen section="remote" />);
    const row = (await screen.findByText('sftp://sftp.studio.example:22')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: en('remote.edit', { name: 'Studio' }) }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByText(en('remote.privateKeyStored'))).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: en('app.save') }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('privateKey');
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('password');

    fireEvent.click(await within(row).findByRole('button', { name: en('remote.edit', { name: 'Studio' }) }));
    const again = within(await screen.findByRole('dialog'));
    const remove = again.getByLabelText(en('remote.removeKey')) as HTMLInputElement;
    fireEvent.click(remove);
    await waitFor(() => expect(remove.checked).toBe(true));
    fireEvent.click(again.getByRole('button', { name: en('app.save') }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({ privateKey: '' });
  });

  it('an import without a server says the source is required', async () => {
    fakeApi({
      ...routes,
      'POST /admin/remote-transfers/import': {
        status: 400,
        body: { error: { code: 'invalid_input', message: 'x', user_message: MESSAGES.sourceUrlRequired } },
      },
    });
    renderScreen(<AdminScreen section="remote" />);
    fireEvent.change(
      await screen.findByRole('textbox', { name: new RegExp(`^${en('remote.folderPath')}`) }),
      {
        target: { value: 'Library/In' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: en('remote.importStart') }));
    expect(await screen.findByText(MESSAGES.sourceUrlRequired)).toBeTruthy();
  });
});

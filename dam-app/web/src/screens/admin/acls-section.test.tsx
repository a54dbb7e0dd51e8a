// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const acl = (id: number, name: string, relativePath: string | null) => ({
  id,
  name,
  rootPath: 'Library/Marketing',
  relativePath,
  permissions: ['fileUpload'],
  userIds: [],
  groupIds: [],
});

function draw(extra: Record<string, unknown> = {}) {
  const api = fakeApi({
    'GET /admin/acls': [acl(1, 'Marketing', 'Library/Marketing/Launch'), acl(2, 'Viewers', null)],
    'GET /admin/users': [],
    'GET /admin/groups': [],
    ...extra,
  });
  renderScreen(<AdminScreen section="acls" />);
  return api;
}

describe('R-ACL-RELATIVE-PATH in the ACLs section', () => {
  it('lists each ACL’s relative path, or that it holds none', async () => {
    draw();
    const marketing = (await screen.findByText('Marketing')).closest('tr') as HTMLElement;
    expect(within(marketing).getByText('Library/Marketing/Launch')).toBeTruthy();
    const viewers = screen.getByText('Viewers').closest('tr') as HTMLElement;
    expect(within(viewers).getByText(en('admin.noRelativePath'))).toBeTruthy();
  });

  it('withdraws the permission when the box is cleared (the transfer flows then start nothing)', async () => {
    const { calls } = draw({ 'PUT /admin/acls/1': acl(1, 'Marketing', null) });
    fireEvent.click(await screen.findByRole('button', { name: en('admin.editAcl', { name: 'Marketing' }) }));
    const field = await screen.findByLabelText(en('field.relativePath'));
    expect((field as HTMLInputElement).value).toBe('Library/Marketing/Launch');
    fireEvent.click(screen.getByLabelText(en('admin.relativePathHeld')));
    await waitFor(() => expect(screen.queryByLabelText(en('field.relativePath'))).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ relativePath: null });
  });

  it('a new ACL holds it at its root unless told otherwise', async () => {
    const { calls } = draw({ 'POST /admin/acls': acl(3, 'New', 'Library/New') });
    fireEvent.click(await screen.findByRole('button', { name: en('admin.newAcl') }));
    fireEvent.change(await screen.findByLabelText(new RegExp(`^${en('field.name')}`)), {
      target: { value: 'New' },
    });
    fireEvent.change(screen.getByLabelText(en('field.rootPath')), { target: { value: 'Library/New' } });
    fireEvent.click(screen.getByRole('button', { name: en('app.create') }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      rootPath: 'Library/New',
      relativePath: 'Library/New',
    });
  });
});

// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../api/messages.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';
import type { AdminSection } from '../../router/routes.ts';
import { failure, fakeApi, NEVER } from '../../test-support/fake-api.ts';
import { en, enSpec, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

/** Each section: the list its state hangs on, the other lists it reads, and what it says when empty. */
const SECTIONS: { section: AdminSection; list: string; others: string[]; empty: MessageKey }[] = [
  { section: 'users', list: 'GET /admin/users', others: ['GET /admin/groups'], empty: 'admin.usersEmpty' },
  { section: 'groups', list: 'GET /admin/groups', others: [], empty: 'admin.groupsEmpty' },
  {
    section: 'acls',
    list: 'GET /admin/acls',
    others: ['GET /admin/users', 'GET /admin/groups'],
    empty: 'admin.aclsEmpty',
  },
  {
    section: 'invitations',
    list: 'GET /admin/invitations',
    others: ['GET /admin/groups'],
    empty: 'admin.invitationsEmpty',
  },
  { section: 'conversions', list: 'GET /conversion-presets', others: [], empty: 'admin.presetsEmpty' },
  { section: 'audit', list: 'GET /admin/audit', others: [], empty: 'admin.auditEmpty' },
  { section: 'outbox', list: 'GET /admin/outbox', others: [], empty: 'admin.outboxEmpty' },
];
const withOthers = (others: string[], list: Record<string, unknown>) =>
  fakeApi({ ...Object.fromEntries(others.map((each) => [each, []])), ...list });

describe.each(SECTIONS)('the $section section', ({ section, list, others, empty }) => {
  it('shows placeholders while its list loads', async () => {
    withOthers(others, { [list]: NEVER });
    renderScreen(<AdminScreen section={section} />);
    expect(await screen.findByLabelText(en('app.loading'))).toBeTruthy();
  });

  it('says so when the list is empty', async () => {
    withOthers(others, { [list]: [] });
    renderScreen(<AdminScreen section={section} />);
    expect(await screen.findByText(en(empty))).toBeTruthy();
  });

  it("shows the server's message when the list fails", async () => {
    withOthers(others, { [list]: failure(500, 'server_error', MESSAGES.operationFailed) });
    renderScreen(<AdminScreen section={section} />);
    expect((await screen.findByRole('alert')).textContent).toContain(enSpec('operationFailed'));
  });
});

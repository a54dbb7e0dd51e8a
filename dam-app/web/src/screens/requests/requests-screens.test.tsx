// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_MESSAGES } from '../../../../api/requests.ts';
import { drawRoute, holder, SLOW } from '../../test-support/draw-route.tsx';
import { failure, fakeApi } from '../../test-support/fake-api.ts';
import { en } from '../../test-support/render-screen.tsx';
import { sampleSession } from '../../test-support/sample-session.ts';

const saved = vi.hoisted(() => [] as string[]);
vi.mock('../../asset-widgets/save-file.ts', () => ({
  saveFile: (source: string) => saved.push(source),
}));

const inAnHour = new Date(Date.now() + 3600_000).toISOString();
const request = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'download',
  description: '',
  reason: 'For the brochure',
  status: 'download approved',
  requestor: { id: 4, name: 'Rita Requestor', username: 'rita', email: 'rita@dam.example' },
  approverName: 'Arthur Approver',
  approverNotes: '',
  dueAt: inAnHour,
  receivedAt: '2026-11-26T10:00:00.000Z',
  decidedAt: '2026-11-26T11:00:00.000Z',
  clearance: null,
  items: [
    { assetId: 1, name: 'alpha.jpg', decision: 'approved', reason: '' },
    { assetId: 2, name: 'bravo.jpg', decision: 'rejected', reason: 'Embargoed' },
  ],
  mayDecide: false,
  granted: true,
  dockNotificationId: `notification-${id}`,
  ...extra,
});
const card = async (
  id: number,
  label: 'requests.listLabel' | 'approvals.listLabel' = 'requests.listLabel',
) => {
  const list = await screen.findByRole('list', { name: en(label) }, SLOW);
  const item = list.querySelector(`[data-request="${id}"]`);
  if (!item) throw new Error(`no request ${id}`);
  return within(item as HTMLElement);
};
const counts = { pendingApprovals: 0, myOpenRequests: 0, mayApprove: true };

describe('My Requests and Approvals Pending', () => {
  it('offers an approved request’s assets until the due date, prepares them again once the dock is gone', async () => {
    const api = fakeApi(
      {
        'GET /requests': {
          items: [request(1), request(2, { dockNotificationId: null }), request(3, { granted: false })],
        },
        'GET /request-counts': counts,
        'POST /loading-dock': { status: 201, body: {} },
      },
      { others: [] },
    );
    drawRoute({ name: 'my-requests' }, holder(['facet browsing']));
    const withDock = await card(1);
    expect(withDock.getByText(en('requests.rejectedBecause', { reason: 'Embargoed' }))).toBeTruthy();
    fireEvent.click(withDock.getByRole('button', { name: en('requests.download') }));
    expect(saved.at(-1)).toMatch(/\/api\/v1\/loading-dock\/notification-1\/zip$/);
    const without = await card(2);
    fireEvent.click(without.getByRole('button', { name: en('requests.prepareAgain') }));
    await vi.waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST' && call.path === '/loading-dock')?.body).toEqual(
        {
          ids: [1],
        },
      ),
    );
    const expired = await card(3);
    expect(expired.getByText(en('requests.expired'))).toBeTruthy();
    expect(expired.queryByRole('button', { name: en('requests.download') })).toBeNull();
  });

  it('sends the approver’s decision per asset with a due date, and shows the server’s refusal in the dialog', async () => {
    const api = fakeApi(
      {
        'GET /approvals': { items: [request(5, { status: 'submitted', mayDecide: true, granted: false })] },
        'GET /request-counts': { ...counts, pendingApprovals: 1 },
        'POST /requests/5/decision': failure(400, 'invalid_input', REQUEST_MESSAGES.reasonRequired),
      },
      { others: [] },
    );
    drawRoute({ name: 'approvals' });
    const pending = await card(5, 'approvals.listLabel');
    fireEvent.click(pending.getByRole('button', { name: en('approvals.decide') }));
    const dialog = await screen.findByRole('dialog', undefined, SLOW);
    const bravo = within(dialog).getByRole('group', {
      name: en('approvals.decisionFor', { name: 'bravo.jpg' }),
    });
    fireEvent.click(within(bravo).getByText(en('approvals.approve')));
    fireEvent.click(within(dialog).getByRole('button', { name: en('approvals.save') }));
    expect(await within(dialog).findByText(REQUEST_MESSAGES.reasonRequired, undefined, SLOW)).toBeTruthy();
    const sent = api.calls.find((call) => call.path === '/requests/5/decision')?.body as {
      items: { assetId: number; decision: string }[];
      dueAt: string;
    };
    expect(sent.items).toEqual([
      { assetId: 1, decision: 'approved', reason: '' },
      { assetId: 2, decision: 'rejected', reason: 'Embargoed' },
    ]);
    expect(Date.parse(sent.dueAt)).toBeGreaterThan(Date.now());
  });

  it.each([
    ['my-requests', '/requests', 'requests.listLabel', 'all'],
    ['approvals', '/approvals', 'approvals.listLabel', 'pending'],
  ] as const)('%s filters its one shared list by status and type', async (name, path, label, status) => {
    const api = fakeApi(
      { [`GET ${path}`]: { items: [request(7)] }, 'GET /request-counts': counts },
      { others: [] },
    );
    drawRoute({ name }, holder(['facet browsing']));
    await card(7, label);
    const filters = document.querySelector(`search[aria-label="${en('requests.filters')}"]`) as HTMLElement;
    const kind = within(filters).getByLabelText(en('requests.filterKind')) as HTMLSelectElement;
    expect([...kind.options].map((option) => option.value)).toEqual(['all', 'download', 'clearance']);
    fireEvent.change(kind, { target: { value: 'clearance' } });
    await vi.waitFor(() =>
      expect(
        api.fetcher.mock.calls.some(([url]) =>
          String(url).includes(`${path}?status=${status}&kind=clearance`),
        ),
      ).toBe(true),
    );
  });

  it('shows the folder approver and the inherited one, and names a group or lets the folder inherit again', async () => {
    const approver = {
      path: 'Library/Shoot',
      own: null,
      inherited: { userId: 4, groupId: null, name: 'Arthur Approver', folderId: 1, folderPath: 'Library' },
    };
    const api = fakeApi(
      {
        'GET /folders/9/approver': approver,
        'GET /admin/groups': [{ id: 3, name: 'Approvers', description: '', memberIds: [] }],
        'GET /admin/users': [],
        'PUT /folders/9/approver': { ok: true },
      },
      { others: [] },
    );
    drawRoute({ name: 'folder-approver', id: 9 }, sampleSession({ isAdmin: true }));
    expect(
      await screen.findByText(en('folderApprover.inheritsNow', { name: 'Arthur Approver' }), undefined, SLOW),
    ).toBeTruthy();
    expect(
      screen.getByText(en('folderApprover.inheritedFrom', { name: 'Arthur Approver', path: 'Library' })),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en('folderApprover.kind')), { target: { value: 'group' } });
    // Saving without choosing says what is missing, and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: en('folderApprover.save') }));
    expect(await screen.findByText(en('folderApprover.pickGroup'))).toBeTruthy();
    const group = (await screen.findByLabelText(en('folderApprover.group'))) as HTMLSelectElement;
    await vi.waitFor(() => expect([...group.options].map((option) => option.text)).toContain('Approvers'));
    fireEvent.change(group, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: en('folderApprover.save') }));
    await vi.waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { userId: null, groupId: 3 },
      ]),
    );
  });

  it('is for administrators only', async () => {
    fakeApi({}, { others: [] });
    drawRoute({ name: 'folder-approver', id: 9 }, holder());
    expect(await screen.findByRole('heading', { name: en('folderApprover.title') }, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText(en('folderApprover.kind'))).toBeNull();
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test-support/fake-api.ts';
import { en, renderScreen } from '../test-support/render-screen.tsx';
import { RunWorkflowDialog } from './run-workflow-dialog.tsx';

const MANUAL = [
  {
    id: 4,
    name: 'Publish to web',
    description: 'Posts the assets to the site.',
    parameters: [{ name: 'channel', type: 'text', value: 'web' }],
  },
];

describe('starting a workflow by hand on a selection (R-WORKFLOW-MANUAL)', () => {
  it('lists the workflows the ACL may start, fills in their parameters and starts one run per asset', async () => {
    const api = fakeApi({
      'GET /workflows/manual': MANUAL,
      'POST /workflows/4/trigger': { runIds: [31, 32] },
    });
    let closed = false;
    renderScreen(
      <RunWorkflowDialog
        open
        assetIds={[7, 8]}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    const start = await screen.findByRole('button', { name: en('workflow.start') });
    expect(start.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Publish to web' })).toHaveLength(1));
    fireEvent.change(screen.getByLabelText(en('workflow.choose')), { target: { value: '4' } });
    expect(await screen.findByText('Posts the assets to the site.')).toBeTruthy();
    const channel = screen.getByLabelText('channel', { exact: false }) as HTMLInputElement;
    expect(channel.value).toBe('web');
    fireEvent.change(channel, { target: { value: 'print' } });
    await act(async () => fireEvent.click(start));
    await waitFor(() => expect(closed).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      assetIds: [7, 8],
      parameters: { channel: 'print' },
    });
  });

  it('says so when the ACL may start none', async () => {
    fakeApi({ 'GET /workflows/manual': [] });
    renderScreen(<RunWorkflowDialog open assetIds={[7]} onClose={() => {}} />);
    expect(await screen.findByText(en('workflow.noneToStart'))).toBeTruthy();
  });
});

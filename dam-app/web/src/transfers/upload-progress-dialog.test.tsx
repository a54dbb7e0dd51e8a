// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../api/messages.ts';
import { translator } from '../i18n/translate.ts';
import { failure, fakeApi } from '../test-support/fake-api.ts';
import { en, renderScreen } from '../test-support/render-screen.tsx';
import { UPLOAD_FORM_TIMING } from './upload-form-step.tsx';
import { UploadProgressDialog } from './upload-progress-dialog.tsx';

// R-UPLOAD-FORM: a completed upload whose folder has an upload form asks for it in the progress dialog; without one
// the dialog confirms by itself.
const NS = 'http://ns.example.org/photo/1.0/';
const CREDIT = `${NS}credit`;
const PLACE = `${NS}place`;
const field = (property: string, label: string, notEmpty: boolean) => ({
  schema: NS,
  property,
  label,
  validator: { kind: 'String', notEmpty },
  multiline: false,
});
const FORM = {
  id: 4,
  name: 'Upload credits',
  description: '',
  tabs: [{ name: 'Main', fields: [field('credit', 'Credit', true), field('place', 'Place', false)] }],
  rules: [],
  assignments: [{ folderId: 2, use: 'upload' }],
};
const COOKIE = 'carlos:2026-11-27T09:00:00.000Z:2';
const completed = { cookie: COOKIE, files: 2, state: 'complete' as const };
const uploads = [completed];

UPLOAD_FORM_TIMING.pollMs = 20;

describe('the upload progress dialog’s upload form (R-UPLOAD-FORM)', () => {
  it('waits for the files to be ingested, then asks for the form: a required field blocks, the values go to every asset', async () => {
    const routes: Record<string, unknown> = {
      'POST /transfers/upload-assets': { files: 2, pending: 1, assetIds: [31], form: FORM },
      'POST /assets/form-values': { assets: 2, updated: 2 },
    };
    const api = fakeApi(routes);
    const confirmed = vi.fn();
    renderScreen(<UploadProgressDialog uploads={uploads} onConfirmed={confirmed} />);
    const dialog = within(await screen.findByRole('dialog', { name: en('transfer.progressTitle') }));
    expect(await dialog.findByText(en('transfer.uploadFormWaiting'))).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ cookie: COOKIE });
    routes['POST /transfers/upload-assets'] = { files: 2, pending: 0, assetIds: [31, 32], form: FORM };
    const credit = await dialog.findByLabelText(/^Credit/);
    expect(credit.getAttribute('required')).not.toBeNull();
    expect(dialog.getByText(en('transfer.uploadFormIntro', { count: 2 }))).toBeTruthy();
    const apply = dialog.getByRole('button', { name: en('transfer.uploadFormApply', { count: 2 }) });
    await act(async () => fireEvent.click(apply));
    expect(await dialog.findByText(MESSAGES.requiredEmpty)).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/assets/form-values')).toBe(false);
    expect(confirmed).not.toHaveBeenCalled();
    fireEvent.change(credit, { target: { value: 'Carlos Ruiz' } });
    expect(dialog.queryByText(MESSAGES.requiredEmpty)).toBeNull();
    await act(async () => fireEvent.click(apply));
    await waitFor(() => expect(confirmed).toHaveBeenCalledTimes(1));
    expect(api.calls.find((call) => call.path === '/assets/form-values')?.body).toEqual({
      assetIds: [31, 32],
      use: 'upload',
      values: { [CREDIT]: 'Carlos Ruiz' },
    });
  });

  it('shows the server’s problem beside its field and stays open', async () => {
    const refused = failure(400, 'invalid_fields', MESSAGES.operationFailed);
    (refused.body.error as Record<string, unknown>).fields = { [PLACE]: MESSAGES.requiredEmpty };
    fakeApi({
      'POST /transfers/upload-assets': { files: 1, pending: 0, assetIds: [31], form: FORM },
      'POST /assets/form-values': refused,
    });
    const confirmed = vi.fn();
    renderScreen(<UploadProgressDialog uploads={uploads} onConfirmed={confirmed} />);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(await dialog.findByLabelText(/^Credit/), { target: { value: 'Carlos' } });
    await act(async () =>
      fireEvent.click(dialog.getByRole('button', { name: en('transfer.uploadFormApply', { count: 1 }) })),
    );
    expect(await dialog.findByText(MESSAGES.requiredEmpty)).toBeTruthy();
    expect(dialog.getByLabelText(/^Place/).getAttribute('aria-invalid')).toBe('true');
    expect(confirmed).not.toHaveBeenCalled();
  });

  it('confirms by itself when the upload’s folder has no upload form, asking for nothing', async () => {
    fakeApi({ 'POST /transfers/upload-assets': { files: 2, pending: 0, assetIds: [31, 32], form: null } });
    const confirmed = vi.fn();
    renderScreen(<UploadProgressDialog uploads={uploads} onConfirmed={confirmed} />);
    await waitFor(() => expect(confirmed).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('upload-form')).toBeNull();
  });

  it('asks in French, and not before the upload completed', async () => {
    const api = fakeApi({
      'POST /transfers/upload-assets': { files: 1, pending: 0, assetIds: [31], form: FORM },
    });
    const fr = translator('fr');
    const { rerender } = renderScreen(
      <UploadProgressDialog
        uploads={[{ ...completed, state: 'uploading' as const }]}
        onConfirmed={() => {}}
      />,
      { language: 'fr' },
    );
    expect(await screen.findByRole('dialog', { name: fr('transfer.progressTitle') })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    rerender(<UploadProgressDialog uploads={uploads} onConfirmed={() => {}} />);
    expect(
      await screen.findByRole('button', { name: fr('transfer.uploadFormApply', { count: 1 }) }),
    ).toBeTruthy();
    expect(screen.getByText(fr('transfer.uploadFormIntro', { count: 1 }))).toBeTruthy();
  });
});

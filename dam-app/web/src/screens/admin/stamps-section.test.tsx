// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formSchema } from '../../../../api/forms.ts';
import { FIELD_MESSAGES } from '../../../../api/messages.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const NS = 'http://ns.example.org/photo/1.0/';
const FORM = formSchema.parse({
  id: 4,
  name: 'Photo',
  description: '',
  tabs: [
    {
      name: 'Main',
      fields: [{ schema: NS, property: 'city', label: 'City', validator: { kind: 'String' } }],
    },
  ],
  rules: [],
  assignments: [],
});
const STAMP = { id: 2, name: 'Oslo', values: [{ key: `${NS}city`, value: 'Oslo' }] };
const routes = { 'GET /stamps': [STAMP], 'GET /admin/forms': [FORM] };

describe('the Metadata Stamper section (R-STAMP)', () => {
  it('refuses a field named twice before sending, then creates the stamp', async () => {
    const api = fakeApi({
      ...routes,
      'POST /admin/stamps': { status: 201, body: { ...STAMP, id: 3, name: 'Two' } },
    });
    renderScreen(<AdminScreen section="stamps" />);
    fireEvent.click(await screen.findByRole('button', { name: en('stamp.new') }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(drawer.getByLabelText(/^Name/), { target: { value: 'Two' } });
    await waitFor(() => expect(drawer.getAllByRole('option', { name: 'City (Photo)' })).toHaveLength(1));
    fireEvent.change(drawer.getByLabelText(en('stamp.field', { n: 1 })), { target: { value: `${NS}city` } });
    fireEvent.change(drawer.getByLabelText(en('stamp.value', { n: 1 })), { target: { value: 'Oslo' } });
    fireEvent.click(drawer.getByRole('button', { name: en('stamp.addField') }));
    fireEvent.change(drawer.getByLabelText(en('stamp.field', { n: 2 })), { target: { value: `${NS}city` } });
    await act(async () => fireEvent.click(drawer.getByRole('button', { name: en('app.create') })));
    expect(await drawer.findByText(FIELD_MESSAGES.fieldAlreadyAdded)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(drawer.getByRole('button', { name: en('stamp.removeField', { n: 2 }) }));
    await act(async () => fireEvent.click(drawer.getByRole('button', { name: en('app.create') })));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Two',
        values: [{ key: `${NS}city`, value: 'Oslo' }],
      }),
    );
  });

  it('previews a stamp on the assets typed, applies it, and shows a refusal field by field', async () => {
    const api = fakeApi({
      ...routes,
      'POST /stamps/2/preview': {
        assets: 2,
        changed: 2,
        applied: false,
        changes: [
          { assetId: 7, key: `${NS}city`, from: '', to: 'Oslo' },
          { assetId: 8, key: `${NS}city`, from: 'Bergen', to: 'Oslo' },
        ],
      },
      'POST /stamps/2/apply': {
        status: 400,
        body: {
          error: {
            code: 'invalid_fields',
            message: 'invalid_fields',
            user_message: FIELD_MESSAGES.formCheckSchema,
            fields: { [`${NS}city`]: FIELD_MESSAGES.noForm },
          },
        },
      },
    });
    renderScreen(<AdminScreen section="stamps" />);
    fireEvent.click(await screen.findByRole('button', { name: en('stamp.applyNamed', { name: 'Oslo' }) }));
    fireEvent.change(screen.getByLabelText(en('stamp.assets')), { target: { value: '7, 8 7' } });
    fireEvent.click(screen.getByRole('button', { name: en('stamp.preview') }));
    expect(await screen.findByText('Bergen')).toBeTruthy();
    expect(screen.getByText(en('stamp.previewSummary', { changed: 2, assets: 2 }))).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/stamps/2/preview')?.body).toEqual({ assetIds: [7, 8] });
    fireEvent.click(screen.getByRole('button', { name: en('stamp.applyTo', { assets: 2 }) }));
    expect(await screen.findByText(`city: ${FIELD_MESSAGES.noForm}`)).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/stamps/2/apply')).toBe(true);
  });
});

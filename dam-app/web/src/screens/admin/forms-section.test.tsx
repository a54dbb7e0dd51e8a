// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Form, formSchema } from '../../../../api/forms.ts';
import { FIELD_MESSAGES } from '../../../../api/messages.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const FORM: Form = formSchema.parse({
  id: 4,
  name: 'Photo',
  description: '',
  tabs: [
    {
      name: 'Main',
      fields: [
        {
          schema: 'http://purl.org/dc/elements/1.1/',
          property: 'title',
          label: 'Title',
          validator: { kind: 'String' },
        },
      ],
    },
  ],
  rules: [],
  assignments: [{ folderId: 7, use: 'view' }],
});
const routes = {
  'GET /admin/forms': [FORM],
  'GET /admin/dictionaries': [{ id: 2, name: 'English', words: 46924, shipped: true, usedBy: [] }],
  'GET /folders/tree': {
    root: { id: 1, name: 'Library', path: 'Library', parentId: null },
    folders: [{ id: 7, name: 'Shoots', path: 'Library/Shoots', parentId: 1 }],
  },
};

describe('the metadata forms section (R-FORMS)', () => {
  it('lists each form with its shape and where it is used', async () => {
    fakeApi(routes);
    renderScreen(<AdminScreen section="forms" />);
    expect(await screen.findByText('Photo')).toBeTruthy();
    expect(screen.getByText(en('form.shape', { tabs: 1, fields: 1, rules: 0 }))).toBeTruthy();
    expect(await screen.findByText(`Library/Shoots (${en('form.use.view')})`)).toBeTruthy();
  });

  it('builds a form: tabs, fields with validators, a rule and an assignment; the schema rule is checked first', async () => {
    const api = fakeApi({
      ...routes,
      'POST /admin/forms': { status: 201, body: { ...FORM, id: 5, name: 'Caption' } },
    });
    renderScreen(<AdminScreen section="forms" />);
    fireEvent.click(await screen.findByRole('button', { name: en('admin.newForm') }));
    const drawer = await screen.findByRole('dialog');
    const inDrawer = within(drawer);
    fireEvent.change(inDrawer.getByLabelText(/^Name/), { target: { value: 'Caption' } });
    fireEvent.click(inDrawer.getByRole('button', { name: en('form.addField', { name: 'General' }) }));
    fireEvent.change(inDrawer.getByLabelText(new RegExp(`^${en('form.fieldLabel')}`)), {
      target: { value: 'City' },
    });
    fireEvent.change(inDrawer.getByLabelText(new RegExp(`^${en('form.property')}`)), {
      target: { value: 'city' },
    });
    const schema = inDrawer.getByLabelText(new RegExp(`^${en('form.schema').replace(/[()]/g, '\\$&')}`));
    fireEvent.change(schema, { target: { value: 'http://ns.example.org/photo' } });
    fireEvent.change(inDrawer.getByLabelText(en('form.validator')), { target: { value: 'ForceDictionary' } });
    fireEvent.change(await inDrawer.findByLabelText(en('form.dictionary')), { target: { value: '2' } });
    fireEvent.click(inDrawer.getByRole('button', { name: en('form.addRule') }));
    fireEvent.change(inDrawer.getByLabelText(en('form.ruleTrigger')), { target: { value: 'submit' } });
    fireEvent.change(inDrawer.getByLabelText(en('form.ruleAction')), { target: { value: 'require' } });
    await waitFor(() =>
      expect(inDrawer.getByRole('button', { name: en('form.addAssignment') })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    fireEvent.click(inDrawer.getByRole('button', { name: en('form.addAssignment') }));
    fireEvent.change(inDrawer.getByLabelText(en('form.folder')), { target: { value: '7' } });
    await act(async () => fireEvent.click(inDrawer.getByRole('button', { name: en('app.create') })));
    expect(await inDrawer.findByText(FIELD_MESSAGES.schemaEnd)).toBeTruthy();
    expect(inDrawer.getByText(FIELD_MESSAGES.formCheckSchema)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(schema, { target: { value: 'http://ns.example.org/photo/' } });
    // The rule still names the field by its old key: it is chosen again.
    await act(async () => fireEvent.click(inDrawer.getByRole('button', { name: en('app.create') })));
    expect(await inDrawer.findByText(FIELD_MESSAGES.ruleFieldUnknown)).toBeTruthy();
    fireEvent.change(inDrawer.getByLabelText(en('form.ruleTarget')), {
      target: { value: 'http://ns.example.org/photo/city' },
    });
    await act(async () => fireEvent.click(inDrawer.getByRole('button', { name: en('app.create') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const key = 'http://ns.example.org/photo/city';
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Caption',
      description: '',
      tabs: [
        {
          name: 'General',
          fields: [
            {
              schema: 'http://ns.example.org/photo/',
              property: 'city',
              label: 'City',
              validator: { kind: 'ForceDictionary', notEmpty: false, dictionaryId: 2 },
              multiline: false,
            },
          ],
        },
      ],
      rules: [{ target: key, trigger: 'submit', action: 'require' }],
      assignments: [{ folderId: 7, use: 'view' }],
    });
  });

  it('shows the server’s refusal of a taken name beside the name', async () => {
    fakeApi({
      ...routes,
      'PUT /admin/forms/4': {
        status: 409,
        body: {
          error: {
            code: 'form_exists',
            message: 'x',
            user_message: FIELD_MESSAGES.formNameExists,
            fields: { name: FIELD_MESSAGES.formNameExists },
          },
        },
      },
    });
    renderScreen(<AdminScreen section="forms" />);
    fireEvent.click(await screen.findByRole('button', { name: en('admin.editForm', { name: 'Photo' }) }));
    const drawer = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(drawer).getByRole('button', { name: en('app.save') })));
    expect(await within(drawer).findByText(FIELD_MESSAGES.formNameExists)).toBeTruthy();
  });
});

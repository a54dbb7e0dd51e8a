// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATOR_KINDS } from '../../../../api/field-validators.ts';
import { type Form, formSchema } from '../../../../api/forms.ts';
import { FIELD_MESSAGES, MESSAGES } from '../../../../api/messages.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AssetFormPanel } from './asset-form-panel.tsx';

const NS = 'http://ns.example.org/photo/1.0/';
const key = (property: string) => `${NS}${property}`;

/** A form with two tabs holding one field per validator kind (the property is the kind), and two rules. */
const FORM: Form = formSchema.parse({
  id: 4,
  name: 'Photo',
  description: '',
  tabs: [
    {
      name: 'Text',
      fields: VALIDATOR_KINDS.slice(0, 7).map((kind) => ({
        schema: NS,
        property: kind,
        label: `${kind} field`,
        validator: { kind, ...(kind.includes('Dictionary') ? { dictionaryId: 2 } : {}) },
      })),
    },
    {
      name: 'Numbers',
      fields: VALIDATOR_KINDS.slice(7).map((kind) => ({
        schema: NS,
        property: kind,
        label: `${kind} field`,
        validator: { kind, ...(kind === 'Integer' ? { max: 100 } : {}) },
      })),
    },
  ],
  rules: [
    { target: key('DataBlock'), trigger: 'load', action: 'hide' },
    {
      target: key('DataBlock'),
      trigger: 'change',
      action: 'show',
      when: { field: key('String'), equals: 'more' },
    },
  ],
  assignments: [{ folderId: 1, use: 'view' }],
});

const routes = (values: Record<string, string> = {}) => ({
  'GET /assets/9/form': { form: FORM, values },
  'GET /dictionaries/2/words': { words: ['Bergen', 'Berlin'] },
});
const input = (kind: string) => screen.getByLabelText(new RegExp(`^${kind} field`)) as HTMLInputElement;
const tab = (name: string) => act(async () => fireEvent.click(screen.getByRole('tab', { name })));

describe('the asset view’s metadata form (R-FORMS, R-FIELD-VALIDATORS)', () => {
  it('shows the form’s tabs and fields with the stored values', async () => {
    fakeApi(routes({ [key('String')]: 'Harbour' }));
    renderScreen(<AssetFormPanel assetId={9} editable />);
    expect(
      await screen.findByRole('heading', { name: en('assets.formTitle', { name: 'Photo' }) }),
    ).toBeTruthy();
    expect(screen.getAllByRole('tab').map((each) => each.textContent)).toEqual(['Text', 'Numbers']);
    expect(input('String').value).toBe('Harbour');
    expect(input('StringNotEmpty').required).toBe(true);
    await tab('Numbers');
    expect(input('NotEmpty').required).toBe(true);
  });

  it('shows nothing when the folder has no form', async () => {
    const api = fakeApi({ 'GET /assets/9/form': { form: null, values: {} } });
    const { container } = renderScreen(<AssetFormPanel assetId={9} editable />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await act(async () => {});
    expect(container.querySelector('form')).toBeNull();
  });

  it('runs On Load and On Change rules: a field hidden at load shows when another gets a value', async () => {
    fakeApi(routes());
    renderScreen(<AssetFormPanel assetId={9} editable />);
    await screen.findByRole('tab', { name: 'Text' });
    await tab('Numbers');
    expect(screen.queryByLabelText(/^DataBlock field/)).toBeNull();
    await tab('Text');
    await act(async () => fireEvent.change(input('String'), { target: { value: 'more' } }));
    await tab('Numbers');
    expect(await screen.findByLabelText(/^DataBlock field/)).toBeTruthy();
  });

  it('checks every validator before sending, with the validators’ messages', async () => {
    const api = fakeApi(routes());
    renderScreen(<AssetFormPanel assetId={9} editable />);
    await screen.findByRole('tab', { name: 'Text' });
    const type = (kind: string, value: string) => fireEvent.change(input(kind), { target: { value } });
    await act(async () => {
      type('EMail', 'ann.example.org');
      type('Phone', '555-CALL');
      type('Date', '2026-02-30');
      type('SuggestDictionary', 'x'.repeat(129));
    });
    await tab('Numbers');
    await act(async () => {
      type('Integer', '101');
      type('IntegerDecimal', 'ten');
      type('IntegerPosNeg', '1.5');
      type('IntegerDecimalPos', '-2');
      type('Long', '9223372036854775808');
      type('AssetReference', 'seven');
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('app.save') })));
    expect(screen.getByText(FIELD_MESSAGES.numberMax(100))).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.notANumber)).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.notAWholeNumber)).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.notNegative)).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.numberMax('9223372036854775807'))).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.assetReference)).toBeTruthy();
    // StringNotEmpty and NotEmpty, one on each tab.
    expect(screen.getAllByText(MESSAGES.requiredEmpty)).toHaveLength(2);
    await tab('Text');
    expect(screen.getByText(MESSAGES.emailMissingAt)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phoneCharacters)).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.dateInvalid)).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.textMaxLength(128))).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('offers a dictionary’s words as the person types, then saves and shows the server’s own refusals', async () => {
    const saved = {
      [key('StringNotEmpty')]: 'Title',
      [key('NotEmpty')]: 'yes',
      [key('ForceDictionary')]: 'Bergen',
    };
    const api = fakeApi({
      ...routes(),
      'PUT /assets/9/form': {
        status: 400,
        body: {
          error: {
            code: 'invalid_fields',
            message: 'x',
            user_message: FIELD_MESSAGES.notInDictionary,
            fields: { [key('ForceDictionary')]: FIELD_MESSAGES.notInDictionary },
          },
        },
      },
    });
    const { container } = renderScreen(<AssetFormPanel assetId={9} editable />);
    await screen.findByRole('tab', { name: 'Text' });
    await act(async () => {
      fireEvent.change(input('StringNotEmpty'), { target: { value: 'Title' } });
      fireEvent.change(input('ForceDictionary'), { target: { value: 'Bergen' } });
    });
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('datalist option')].map((o) => o.getAttribute('value')),
      ).toContain('Bergen'),
    );
    expect(input('ForceDictionary').getAttribute('list')).toBeTruthy();
    await tab('Numbers');
    await act(async () => fireEvent.change(input('NotEmpty'), { target: { value: 'yes' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('app.save') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ values: saved });
    await tab('Text');
    expect(await screen.findByText(FIELD_MESSAGES.notInDictionary)).toBeTruthy();
  });

  it('is read-only without the right to edit', async () => {
    fakeApi(routes());
    renderScreen(<AssetFormPanel assetId={9} editable={false} />);
    await screen.findByRole('tab', { name: 'Text' });
    expect(input('String').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: en('app.save') })).toBeNull();
  });
});

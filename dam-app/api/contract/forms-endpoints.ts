import {
  applyFormValuesResultSchema,
  applyFormValuesSchema,
  assetFormQuerySchema,
  assetFormSchema,
  formSchema,
  saveFieldValuesSchema,
  saveFormSchema,
} from '../forms.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, inUse, notFound } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { assetIdParams } from './params.ts';

const admin = endpointGroup('Forms', 'admin');
const forms = namedSet({
  group: admin,
  path: '/admin/forms',
  item: formSchema,
  save: saveFormSchema,
  exists: 'form_exists',
});
const folderMissing = { 404: ['folder_not_found'] };

export const listForms = forms.list(
  'The metadata forms (templates) with their tabs, fields, rules and assignments',
);
export const createForm = forms.create(
  'Create a form; a bad schema answers "Unable to create form (check schema)." with each field’s problem',
  folderMissing,
);
export const updateForm = forms.update(
  'Change a form (its tabs, fields, rules and where it is used)',
  folderMissing,
);
export const deleteForm = forms.remove('Delete a form (the values it saved stay on the assets)');

const assets = endpointGroup('Forms', 'user');
const asset = assets.item('/assets/{id}/form', assetIdParams);
export const assetForm = asset.get('', {
  summary: 'The form the asset’s folder uses for a use (view, bulkEdit, upload) and the asset’s field values',
  query: assetFormQuerySchema,
  response: assetFormSchema,
});
export const saveAssetFields = asset.put('', {
  summary:
    'Save the asset’s field values through the form’s validators and its On Submit and On Post Save rules',
  body: saveFieldValuesSchema,
  response: assetFormSchema,
  errors: errors(inUse, { 409: ['no_form'] }),
});
export const applyFormValues = assets.post('/assets/form-values', {
  summary:
    'Apply form values to a selection through the form its folders use for bulk edit or the upload: every value through its field’s validator for every asset, all applied or none',
  body: applyFormValuesSchema,
  response: applyFormValuesResultSchema,
  errors: errors(notFound, forbidden, inUse, { 400: ['invalid_fields'] }),
});

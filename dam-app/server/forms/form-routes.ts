import {
  applyFormValues,
  assetForm,
  createForm,
  deleteForm,
  listForms,
  saveAssetFields,
  updateForm,
} from '../../api/contract/forms-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as forms from './form-service.ts';
import * as formValues from './form-values-service.ts';

export const formRoutes = [
  bindEndpoint(listForms, ({ services }) => forms.listForms(services)),
  bindEndpoint(createForm, ({ services, principal, body, ip }) =>
    forms.createForm(services, principal, body, ip),
  ),
  bindEndpoint(updateForm, ({ services, principal, params, body, ip }) =>
    forms.updateForm(services, principal, params.id, body, ip),
  ),
  bindEndpoint(deleteForm, async ({ services, principal, params, ip }) => {
    await forms.deleteForm(services, principal, params.id, ip);
    return { ok: true as const };
  }),
  bindEndpoint(assetForm, ({ services, principal, params, query }) =>
    forms.assetForm(services, principal, params.id, query.use),
  ),
  bindEndpoint(saveAssetFields, ({ services, principal, params, body }) =>
    forms.saveAssetFields(services, principal, params.id, body.values),
  ),
  bindEndpoint(applyFormValues, ({ services, principal, body }) =>
    formValues.applyFormValues(services, principal, body),
  ),
];

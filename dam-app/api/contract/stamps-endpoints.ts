import { z } from 'zod';
import {
  applyStampSchema,
  saveStampSchema,
  stampResultSchema,
  stampRunSchema,
  stampSchema,
  stampUndoResultSchema,
} from '../stamps.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, inUse, notFound } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const admin = endpointGroup('Stamps', 'admin');
const stamps = namedSet({
  group: admin,
  path: '/admin/stamps',
  item: stampSchema,
  save: saveStampSchema,
  exists: 'stamp_exists',
});

export const createStamp = stamps.create('Create a stamp: a named set of form field values');
export const updateStamp = stamps.update('Change a stamp’s name or values');
export const deleteStamp = stamps.remove('Delete a stamp (the values it applied stay on the assets)');

const users = endpointGroup('Stamps', 'user');
export const listStamps = users.get('/stamps', {
  summary: 'The stamps a person can apply to a selection',
  response: z.array(stampSchema),
});
const stamp = users.item('/stamps/{id}', idParams);
const stampErrors = errors(notFound, forbidden, inUse, { 400: ['invalid_fields'] });
export const previewStamp = stamp.post('/preview', {
  summary:
    'What applying the stamp to the assets would change (each field’s value before and after); nothing changes',
  body: applyStampSchema,
  response: stampResultSchema,
  errors: stampErrors,
});
export const applyStamp = stamp.post('/apply', {
  summary:
    'Apply the stamp to the assets: every value through its form’s validator for every asset, all applied or none',
  body: applyStampSchema,
  response: stampResultSchema,
  errors: stampErrors,
});
export const undoStampRun = users.item('/stamps/runs/{id}', idParams).post('/undo', {
  summary:
    'Undo a stamp applied: each asset’s stamped fields back to their values before, on the assets not changed since (those are listed)',
  response: stampUndoResultSchema,
  errors: errors(forbidden, { 409: ['stamp_run_undone'] }),
});
export const listStampRuns = admin.get('/admin/stamp-runs', {
  summary:
    'The past stamp runs, newest first (R-STAMP-RUNS): when, who, which stamp, how many assets it changed, and whether it was undone',
  response: z.array(stampRunSchema),
});

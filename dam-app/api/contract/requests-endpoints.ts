import { okSchema } from '../accounts.ts';
import {
  approvalsQuerySchema,
  assetClearancesSchema,
  createdRequestsSchema,
  createRequestSchema,
  decisionSchema,
  folderApproverSchema,
  folderApproverViewSchema,
  myRequestsQuerySchema,
  requestCountsSchema,
  requestListSchema,
  requestSchema,
} from '../requests.ts';
import { endpointGroup } from './endpoint-group.ts';
import { forbidden, notFound } from './error-sets.ts';
import { assetIdParams, idParams } from './params.ts';

const requests = endpointGroup('Requests', 'user');
const request = requests.item('/requests/{id}', idParams);

export const createRequest = requests.post('/requests', {
  summary:
    'Ask for assets I can see but not download (a request to download) or for their clearance; one request per approver of their folders',
  body: createRequestSchema,
  response: createdRequestsSchema,
  status: 201,
  errors: { 400: ['clearance_failed'], ...notFound, 502: ['clearance_email_failed'] },
});
export const listMyRequests = requests.get('/requests', {
  summary: 'My Requests: the requests I made, latest first',
  query: myRequestsQuerySchema,
  response: requestListSchema,
});
export const listApprovals = requests.get('/approvals', {
  summary: 'Approvals Pending: the requests waiting on me as approver (or decided by me), oldest first',
  query: approvalsQuerySchema,
  response: requestListSchema,
});
export const requestCounts = requests.get('/request-counts', {
  summary: 'How many approvals wait on me and how many of my requests are still submitted',
  response: requestCountsSchema,
});
export const getRequest = request.get('', {
  summary: 'One request, to its requestor or its approver',
  response: requestSchema,
});
export const decideRequest = request.post('/decision', {
  summary:
    'Approve or reject each asset (a reason for each rejected one) with notes and, for a download, the due date until which the approved assets may be downloaded',
  body: decisionSchema,
  response: requestSchema,
  errors: forbidden,
});
export const reopenRequest = request.post('/reopen', {
  summary: 'Move a decided request back to pending: its download grant ends',
  response: requestSchema,
  errors: forbidden,
});
export const listAssetClearances = requests.get('/assets/{id}/clearances', {
  summary: 'The approved clearances of an asset: period, regions, formats',
  params: assetIdParams,
  response: assetClearancesSchema,
  errors: notFound,
});
export const getFolderApprover = requests.get('/folders/{id}/approver', {
  summary: "Who approves requests for a folder's assets: the approver it names and the one it inherits",
  auth: 'admin',
  params: idParams,
  response: folderApproverViewSchema,
  errors: notFound,
});
export const setFolderApprover = requests.put('/folders/{id}/approver', {
  summary: "Set who approves requests for a folder's assets (a user or a group; none: the administrators)",
  auth: 'admin',
  params: idParams,
  body: folderApproverSchema,
  response: okSchema,
  errors: notFound,
});

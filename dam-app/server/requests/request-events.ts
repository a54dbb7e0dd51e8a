import type { Kysely } from 'kysely';
import { REQUEST_MESSAGES, type RequestView } from '../../api/requests.ts';
import { ApiError } from '../api/api-error.ts';
import type { Database } from '../db/schema.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import { addTask, completeTask } from '../tasks/task-service.ts';
import { approverEmails, approverIds, approverOfRequest } from './request-queries.ts';

// The two moments of a request that reach people, each in the caller's transaction (a rolled-back change tells
// nobody): a mail, a notification in the center (live on the bell) and, for the approvers, a task on My Tasks that the
// decision completes (R-MY-TASKS).

/** The task every approver of a request holds until it is decided. */
export const approvalSource = (requestId: number) => `request:${requestId}`;

const kindLabel = (request: RequestView) =>
  request.kind === 'clearance' ? 'clearance request' : 'request to download';

/** A request waits on its approvers: each one gets a mail with a link to Approvals Pending. */
export async function approvalWaiting(
  services: DamServices,
  trx: Kysely<Database>,
  request: RequestView,
  approver: { userId: number | null; groupId: number | null },
): Promise<void> {
  await waitOnApprovers(trx, services, request, approver);
  const link = `${services.config.publicUrl}/#approvals`;
  const assets = request.items.map((item) => `  - ${item.name}`).join('\n');
  for (const to of await approverEmails(trx, approver)) {
    const mail = {
      to,
      subject: `Rapid DAM: ${kindLabel(request)} #${request.id} from ${request.requestor.name}`,
      text: `Hello,\n\n${request.requestor.name} asks for ${request.items.length} asset${request.items.length === 1 ? '' : 's'} (${kindLabel(request)} #${request.id}):\n\n${assets}\n\nReason: ${request.reason || '(none)'}\n\nApprove or reject each asset on Approvals Pending:\n\n${link}\n`,
    };
    // R-CLEARANCE-EMAIL: a clearance request's mail is sent now, so its requestor learns at once when it cannot be
    // (and the request, in this transaction, is not kept); a request to download's is queued and retried.
    if (request.kind === 'clearance')
      await services.deliverMail(mail).catch((error: Error) => {
        throw new ApiError(
          502,
          'clearance_email_failed',
          REQUEST_MESSAGES.clearanceEmailFailed,
          error.message,
        );
      });
    else await services.sendMail(mail, trx);
  }
}

/** A request was decided (or moved back to pending): its requestor gets a mail with each asset's decision. */
export async function requestDecided(
  services: DamServices,
  trx: Kysely<Database>,
  request: RequestView,
): Promise<void> {
  if (request.status === 'submitted')
    await waitOnApprovers(trx, services, request, await approverOfRequest(trx, request.id));
  else {
    await completeTask(trx, approvalSource(request.id));
    await notify(trx, services.config, {
      type: 'Custom',
      actorId: null,
      subject: `${request.kind === 'clearance' ? 'Clearance request' : 'Request'} #${request.id}: ${request.status}`,
      target: { kind: 'request', id: request.id },
      to: [request.requestor.id],
    });
  }
  if (!request.requestor.email) return;
  const lines = request.items
    .map((item) => `  - ${item.name}: ${item.decision}${item.reason ? ` (${item.reason})` : ''}`)
    .join('\n');
  const until =
    request.dueAt && request.kind === 'download'
      ? `\nYou may download the approved assets until ${request.dueAt}.\n`
      : '';
  await services.sendMail(
    {
      to: request.requestor.email,
      subject: `Rapid DAM: your ${kindLabel(request)} #${request.id} is ${request.status}`,
      text: `Hello ${request.requestor.name},\n\nYour ${kindLabel(request)} #${request.id} is now: ${request.status}.\n\n${lines}\n${until}\nNotes: ${request.approverNotes || '(none)'}\n\nMy Requests: ${services.config.publicUrl}/#requests\n`,
    },
    trx,
  );
}

/** Each approver gets (or keeps) the task of deciding, and a notification that it waits on them. */
async function waitOnApprovers(
  trx: Kysely<Database>,
  services: DamServices,
  request: RequestView,
  approver: { userId: number | null; groupId: number | null },
) {
  const people = (await approverIds(trx, approver)).filter((id) => id !== request.requestor.id);
  const title = `#${request.id} ${request.requestor.name}`;
  for (const userId of people)
    await addTask(trx, {
      userId,
      kind: 'request.decide',
      title,
      target: { kind: 'approval', id: request.id },
      source: approvalSource(request.id),
    });
  await notify(trx, services.config, {
    type: 'Custom',
    actorId: request.requestor.id,
    subject: `${request.kind === 'clearance' ? 'Clearance request' : 'Request to download'} ${title}`,
    target: { kind: 'approval', id: request.id },
    to: people,
  });
}

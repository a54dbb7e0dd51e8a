import type { Kysely } from 'kysely';
import type { RequestView } from '../../api/requests.ts';
import type { Database } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { approverEmails } from './request-queries.ts';

// The two moments of a request that reach people. Today they send mail (queued in the caller's transaction, so a
// rolled-back change mails nobody); the notification center routes them into its events later, here and only here.

const kindLabel = (request: RequestView) =>
  request.kind === 'clearance' ? 'clearance request' : 'request to download';

/** A request waits on its approvers: each one gets a mail with a link to Approvals Pending. */
export async function approvalWaiting(
  services: DamServices,
  trx: Kysely<Database>,
  request: RequestView,
  approver: { userId: number | null; groupId: number | null },
): Promise<void> {
  const link = `${services.config.publicUrl}/#approvals`;
  const assets = request.items.map((item) => `  - ${item.name}`).join('\n');
  for (const to of await approverEmails(trx, approver))
    await services.sendMail(
      {
        to,
        subject: `Rapid DAM: ${kindLabel(request)} #${request.id} from ${request.requestor.name}`,
        text: `Hello,\n\n${request.requestor.name} asks for ${request.items.length} asset${request.items.length === 1 ? '' : 's'} (${kindLabel(request)} #${request.id}):\n\n${assets}\n\nReason: ${request.reason || '(none)'}\n\nApprove or reject each asset on Approvals Pending:\n\n${link}\n`,
      },
      trx,
    );
}

/** A request was decided (or moved back to pending): its requestor gets a mail with each asset's decision. */
export async function requestDecided(
  services: DamServices,
  trx: Kysely<Database>,
  request: RequestView,
): Promise<void> {
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

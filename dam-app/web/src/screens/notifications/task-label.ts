import type { Task } from '../../../../api/notifications.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';
import type { Translate } from '../../i18n/translate.ts';

/** The label of each kind of task this DAM makes; another kind (a later feature's) shows its title. */
const KIND_LABELS = {
  'checkout.return': 'tasks.kind.checkout.return',
  'dock.failed': 'tasks.kind.dock.failed',
  'dock.conversion_failed': 'tasks.kind.dock.conversion_failed',
  'request.decide': 'tasks.kind.request.decide',
} as const satisfies Record<string, MessageKey>;

/** A task as My Tasks and Home name it. */
export const taskLabel = (t: Translate, task: Pick<Task, 'kind' | 'title'>) =>
  task.kind in KIND_LABELS
    ? t(KIND_LABELS[task.kind as keyof typeof KIND_LABELS], { title: task.title })
    : task.title;

import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import type { Task } from '../../../../api/notifications.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useFailureToast } from '../../app/toaster.tsx';
import { formatDate } from '../../components/format-date.ts';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { targetRoute } from './notification-link.ts';
import { taskLabel } from './task-label.ts';
import { useCompleteTask, useMyTasks } from './task-queries.ts';

export const screen = defineScreen('tasks', {
  codec: path('/tasks'),
  nav: { menu: 'user', label: 'tasks.title', order: 5 },
});
export const draw: Draw<'tasks'> = () => <MyTasksScreen />;

const STATUS_COLOUR = { Scheduled: 'blue', Completed: 'gray', Error: 'red' } as const;

/** My Tasks (R-SCREEN-LABELS): every action waiting on me, with its due date and status (R-MY-TASKS). */
export function MyTasksScreen() {
  const { t, language } = usePreferences();
  const tasks = useMyTasks();
  const complete = useCompleteTask();
  const failed = useFailureToast();
  const now = Date.now();
  return (
    <Stack gap="4">
      <ScreenHeader title={t('tasks.title')} intro={t('tasks.intro')} />
      <ListSection<Task>
        query={{ ...tasks, data: tasks.data?.items }}
        empty={t('tasks.none')}
        emptyDescription={t('tasks.noneBody')}
        label={t('tasks.title')}
        rowKey={(each) => each.id}
        rowProps={(each) => ({ 'data-task': each.kind, 'data-status': each.status }) as object}
        columns={[
          {
            header: t('tasks.task'),
            props: { fontWeight: 'medium' },
            cell: (each) => {
              const to = targetRoute(each.target);
              const label = taskLabel(t, each);
              return to ? <Link to={to}>{label}</Link> : label;
            },
          },
          {
            header: t('tasks.status'),
            cell: (each) => (
              <Badge colorPalette={STATUS_COLOUR[each.status]}>{t(`tasks.status.${each.status}`)}</Badge>
            ),
          },
          {
            header: t('tasks.due'),
            cell: (each) =>
              each.dueAt ? (
                <Text
                  as="span"
                  color={each.status !== 'Completed' && Date.parse(each.dueAt) < now ? 'red.fg' : undefined}
                >
                  {formatDate(each.dueAt, language)}
                </Text>
              ) : (
                '—'
              ),
          },
        ]}
        actions={(each) =>
          each.status === 'Completed' ? null : (
            <Button size="xs" variant="outline" onClick={() => complete.mutate(each.id, { onError: failed })}>
              {t('tasks.complete')}
              <Text as="span" srOnly>
                {each.title}
              </Text>
            </Button>
          )
        }
      />
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}

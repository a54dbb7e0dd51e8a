import { Badge } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listStampRuns, undoStampRun } from '../../../../api/contract/stamps-endpoints.ts';
import type { StampRun } from '../../../../api/stamps.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { refreshAssets } from '../assets/asset-queries.ts';

const RUNS_KEY = ['admin', 'stamp-runs'] as const;

/**
 * The past stamp runs (R-STAMP-RUNS): when, who, which stamp, how many assets it changed, and whether it was undone;
 * a run not undone is undone from here (R-STAMP-UNDO: the assets changed since stay as they are, and are counted).
 */
export function StampRunsSection() {
  const { t, language } = usePreferences();
  const refresh = useRefresh();
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: RUNS_KEY,
    queryFn: ({ signal }) => api.call(listStampRuns, { signal }),
  });
  const undo = useConfirm({
    run: (run: StampRun) => api.call(undoStampRun, { params: { id: run.id } }),
    done: (result) => {
      toaster.create({
        type: result.changedSince.length ? 'warning' : 'success',
        title: t('stamp.undone', { restored: result.restored, kept: result.changedSince.length }),
      });
      refresh([RUNS_KEY]);
      refreshAssets(client);
    },
    title: t('stampRuns.undoTitle'),
    body: (run) =>
      t('stampRuns.undoConfirm', {
        name: run.stampName,
        assets: run.assets,
        date: formatDate(run.createdAt, language),
      }),
    confirmLabel: t('stampRuns.undo'),
  });
  return (
    <ListSection
      query={runs}
      label={t('admin.stampRuns')}
      empty={t('stampRuns.empty')}
      emptyDescription={t('stampRuns.emptyHint')}
      rowKey={(run) => run.id}
      columns={[
        { header: t('stampRuns.when'), cell: (run) => formatDate(run.createdAt, language) },
        { header: t('stampRuns.who'), cell: (run) => run.actor ?? t('stampRuns.gone') },
        { header: t('stampRuns.stamp'), cell: (run) => run.stampName, props: { fontWeight: 'medium' } },
        { header: t('stampRuns.assets'), cell: (run) => run.assets, props: { textAlign: 'end' } },
        {
          header: t('stampRuns.state'),
          cell: (run) =>
            run.undoneAt ? (
              <Badge data-run-state="undone">
                {t('stampRuns.undoneOn', { date: formatDate(run.undoneAt, language) })}
              </Badge>
            ) : (
              <Badge colorPalette="teal" data-run-state="applied">
                {t('stampRuns.applied')}
              </Badge>
            ),
        },
      ]}
      actions={(run) =>
        run.undoneAt ? null : (
          <RowButton
            text={t('stampRuns.undo')}
            label={t('stampRuns.undoNamed', {
              name: run.stampName,
              date: formatDate(run.createdAt, language),
            })}
            onClick={() => undo.ask(run)}
          />
        )
      }
    >
      {undo.dialog}
    </ListSection>
  );
}

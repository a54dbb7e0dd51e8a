import { useMutation, useQuery } from '@tanstack/react-query';
import {
  deleteQuarantined,
  listQuarantine,
  rescanQuarantined,
} from '../../../../api/contract/quarantine-endpoints.ts';
import type { QuarantinedUpload } from '../../../../api/quarantine.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';

const KEY = ['admin', 'quarantine'] as const;

/** R-QUARANTINE: uploads quarantined as infected or let in unscanned, to rescan or delete. */
export function QuarantineSection() {
  const { t, language } = usePreferences();
  const refresh = useRefresh();
  const uploads = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.call(listQuarantine, { signal }) });
  const rescan = useMutation({
    mutationFn: (upload: QuarantinedUpload) => api.call(rescanQuarantined, { params: { id: upload.id } }),
    onSuccess: (_ok, upload) => {
      toaster.create({ type: 'success', title: t('quarantine.rescanQueued', { path: upload.path }) });
      // The job takes a moment: the list is read again after it.
      setTimeout(() => refresh([KEY]), 2_000);
    },
  });
  const remove = useConfirm({
    run: (upload: QuarantinedUpload) => api.call(deleteQuarantined, { params: { id: upload.id } }),
    done: () => refresh([KEY]),
    title: t('app.delete'),
    body: (upload) => t('quarantine.deleteConfirm', { path: upload.path }),
    confirmLabel: t('app.delete'),
  });
  return (
    <>
      <ErrorAlert error={rescan.error} />
      <ListSection
        query={uploads}
        empty={t('quarantine.empty')}
        emptyDescription={t('quarantine.emptyHint')}
        rowKey={(upload) => upload.id}
        columns={[
          { header: t('quarantine.path'), cell: (upload) => upload.path, props: { fontWeight: 'medium' } },
          {
            header: t('quarantine.result'),
            cell: (upload) =>
              upload.result === 'infected'
                ? t('quarantine.infected', { signature: upload.signature ?? '' })
                : t('quarantine.unscanned', { reason: upload.reason ?? '' }),
          },
          { header: t('quarantine.uploader'), cell: (upload) => upload.uploader ?? '' },
          { header: t('quarantine.via'), cell: (upload) => upload.via },
          { header: t('quarantine.when'), cell: (upload) => formatDate(upload.scannedAt, language) },
        ]}
        actions={(upload) => (
          <>
            <RowButton
              text={t('quarantine.rescan')}
              label={t('quarantine.rescanLabel', { path: upload.path })}
              onClick={() => rescan.mutate(upload)}
            />
            {upload.result === 'infected' && (
              <RowButton
                danger
                text={t('app.delete')}
                label={`${t('app.delete')} ${upload.path}`}
                onClick={() => remove.ask(upload)}
              />
            )}
          </>
        )}
      >
        {remove.dialog}
      </ListSection>
    </>
  );
}

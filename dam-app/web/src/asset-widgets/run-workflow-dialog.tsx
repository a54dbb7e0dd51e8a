import { Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listManualWorkflows, triggerWorkflow } from '../../../api/contract/workflows-endpoints.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { FormField } from '../components/form-field.tsx';
import { SelectField } from '../components/select-field.tsx';
import { ActionDialog } from '../kit/action-dialog.tsx';
import type { AssetDialogProps } from './asset-dialog-props.ts';

/** At most this many assets are started at once (the trigger endpoint's limit). */
const MAX_ASSETS = 100;

/**
 * Start a manual workflow on the selected assets (R-WORKFLOW-MANUAL): the workflows this person's ACL may start,
 * each with its parameters to set (their saved values filled in). One run per asset; the runs show in the
 * Workflow Manager's history.
 */
export function RunWorkflowDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t } = usePreferences();
  const workflows = useQuery({
    queryKey: ['workflows', 'manual'],
    queryFn: ({ signal }) => api.call(listManualWorkflows, { signal }),
  });
  const [chosen, setChosen] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const workflow = workflows.data?.find((each) => String(each.id) === chosen);
  const start = useMutation({
    mutationFn: () =>
      api.call(triggerWorkflow, {
        params: { id: Number(chosen) },
        body: { assetIds: assetIds.slice(0, MAX_ASSETS), parameters: values },
      }),
    onSuccess: ({ runIds }) => {
      toaster.create({ type: 'success', title: t('workflow.started', { count: runIds.length }) });
      onClose();
    },
  });
  return (
    <ActionDialog
      open={open}
      title={t('workflow.runTitle')}
      submitLabel={t('workflow.start')}
      busy={start.isPending}
      disabled={!workflow || assetIds.length === 0}
      onSubmit={() => start.mutate()}
      onClose={onClose}
    >
      <Text>{t('workflow.runIntro', { count: Math.min(assetIds.length, MAX_ASSETS) })}</Text>
      {workflows.data?.length === 0 ? (
        <Text color="fg.muted">{t('workflow.noneToStart')}</Text>
      ) : (
        <SelectField
          label={t('workflow.choose')}
          name="workflow"
          value={chosen}
          none={t('workflow.chooseNone')}
          choices={(workflows.data ?? []).map((each) => ({ value: each.id, label: each.name }))}
          onValue={(id) => {
            setChosen(id);
            const next = workflows.data?.find((each) => String(each.id) === id);
            setValues(Object.fromEntries((next?.parameters ?? []).map((each) => [each.name, each.value])));
          }}
        />
      )}
      {workflow?.description && <Text fontSize="sm">{workflow.description}</Text>}
      {workflow?.parameters.map((parameter) => (
        <FormField
          key={parameter.name}
          name={`parameter-${parameter.name}`}
          label={parameter.name}
          helper={t(`workflow.parameter.${parameter.type}`)}
          inputMode={parameter.type === 'number' ? 'decimal' : undefined}
          value={values[parameter.name] ?? ''}
          onValue={(value) => setValues({ ...values, [parameter.name]: value })}
        />
      ))}
      <ErrorAlert error={start.error ?? workflows.error ?? undefined} />
    </ActionDialog>
  );
}

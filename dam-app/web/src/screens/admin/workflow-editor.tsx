import { Button, Checkbox, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createWorkflow,
  testWorkflow,
  updateWorkflow,
} from '../../../../api/contract/workflows-endpoints.ts';
import {
  type SaveWorkflow,
  saveWorkflowSchema,
  WORKFLOW_LIMITS,
  WORKFLOW_TRIGGERS,
  type Workflow,
  type WorkflowTrigger,
} from '../../../../api/workflows.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { useSave } from '../../kit/use-save.ts';
import { useFormFolders } from './forms-queries.ts';
import { RunDetails, RunStatusBadge } from './workflow-run-view.tsx';
import { WORKFLOW_KEYS } from './workflows-queries.ts';

const EXAMPLE = `// Runs when the trigger fires, with the asset it fired for.
log.config('Checking', asset.path);
if (asset.kind === 'image') dam.addKeyword('image');
`;

const draftOf = (workflow: Workflow | undefined) => ({
  name: workflow?.name ?? '',
  description: workflow?.description ?? '',
  trigger: workflow?.trigger ?? ('ingested' as WorkflowTrigger),
  folderId: workflow?.folderId ? String(workflow.folderId) : '',
  script: workflow?.script ?? EXAMPLE,
  enabled: workflow?.enabled ?? true,
  timeoutMs: String(workflow?.timeoutMs ?? WORKFLOW_LIMITS.timeoutMs.default),
  memoryMb: String(workflow?.memoryMb ?? WORKFLOW_LIMITS.memoryMb.default),
});
type Draft = ReturnType<typeof draftOf>;

const bodyOf = (draft: Draft) => ({
  ...draft,
  folderId: draft.folderId === '' ? null : Number(draft.folderId),
  timeoutMs: Number(draft.timeoutMs),
  memoryMb: Number(draft.memoryMb),
});

/**
 * The workflow editor (R-WORKFLOW-TRIGGERS, R-WORKFLOW-SANDBOX): name, trigger, the folder watched, the script and its
 * limits, enabled or disabled; and the debugger (R-WORKFLOW-DRY-RUN), which runs the saved script on a chosen asset
 * and shows the changes it would make and its log.
 */
export function WorkflowEditor({
  workflow: saved,
  onClose,
}: {
  workflow?: Workflow | undefined;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const form = useForm(draftOf(saved), { guard: true });
  const { values } = form;
  const folders = useFormFolders();
  const save = useSave({
    form,
    save: (body: SaveWorkflow) =>
      saved
        ? api.call(updateWorkflow, { params: { id: saved.id }, body })
        : api.call(createWorkflow, { body }),
    refresh: [WORKFLOW_KEYS.workflows],
    nameOf: (result) => result.name,
    onSaved: onClose,
  });
  const submit = () => {
    const body = form.check(saveWorkflowSchema, bodyOf(values));
    if (body) save.mutate(body);
  };
  const text = (key: 'name' | 'description' | 'script' | 'timeoutMs' | 'memoryMb') => form.field(key);
  return (
    <EditorDrawer
      open
      title={saved ? t('admin.editWorkflow', { name: saved.name }) : t('admin.newWorkflow')}
      busy={save.isPending}
      submitLabel={saved ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError ?? form.errors._} />
      <FormField {...text('name')} label={t('field.name')} required />
      <FormField {...text('description')} label={t('field.description')} />
      <SimpleGrid columns={2} gap="3">
        <SelectField
          label={t('workflow.trigger')}
          name="trigger"
          value={values.trigger}
          choices={WORKFLOW_TRIGGERS.map((each) => ({ value: each, label: t(`workflow.trigger.${each}`) }))}
          onValue={(trigger) => form.set('trigger', trigger as WorkflowTrigger)}
        />
        <SelectField
          label={t('workflow.folder')}
          name="folderId"
          value={values.folderId}
          none={t('workflow.wholeLibrary')}
          choices={(folders.data ?? []).map((folder) => ({ value: folder.id, label: folder.path }))}
          onValue={(folderId) => form.set('folderId', folderId)}
          error={form.errors.folderId}
        />
        <FormField
          {...text('timeoutMs')}
          type="number"
          inputMode="numeric"
          label={t('workflow.timeout')}
          helper={`${WORKFLOW_LIMITS.timeoutMs.min}–${WORKFLOW_LIMITS.timeoutMs.max}`}
        />
        <FormField
          {...text('memoryMb')}
          type="number"
          inputMode="numeric"
          label={t('workflow.memory')}
          helper={`${WORKFLOW_LIMITS.memoryMb.min}–${WORKFLOW_LIMITS.memoryMb.max}`}
        />
      </SimpleGrid>
      <Checkbox.Root
        checked={values.enabled}
        onCheckedChange={(details) => form.set('enabled', details.checked === true)}
      >
        <Checkbox.HiddenInput name="enabled" />
        <Checkbox.Control />
        <Checkbox.Label>{t('workflow.enabled')}</Checkbox.Label>
      </Checkbox.Root>
      <FormField
        {...text('script')}
        label={t('workflow.script')}
        helper={t('workflow.scriptHint')}
        multiline
        rows={12}
        fontFamily="mono"
        spellCheck={false}
      />
      {saved ? <DryRun workflow={saved} /> : <Text color="fg.muted">{t('workflow.saveFirst')}</Text>}
    </EditorDrawer>
  );
}

/** The debugger's dry run: an asset id, the button, and what the saved script would do to that asset. */
function DryRun({ workflow }: { workflow: Workflow }) {
  const { t } = usePreferences();
  const [assetId, setAssetId] = useState('');
  const refresh = useRefresh();
  const run = useMutation({
    mutationFn: () =>
      api.call(testWorkflow, { params: { id: workflow.id }, body: { assetId: Number(assetId) } }),
    // The dry run is kept in the run history too.
    onSuccess: () => refresh([WORKFLOW_KEYS.runs(workflow.id)]),
  });
  return (
    <Stack as="section" aria-labelledby="workflow-dry-run" gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h3" size="sm" id="workflow-dry-run">
        {t('workflow.test')}
      </Heading>
      <Text color="fg.muted">{t('workflow.testHint')}</Text>
      <HStack align="flex-end">
        <FormField
          name="testAssetId"
          label={t('workflow.testAsset')}
          value={assetId}
          onValue={setAssetId}
          inputMode="numeric"
          onKeyDown={(event) => {
            // Enter runs the test, not the editor's save.
            if (event.key === 'Enter') {
              event.preventDefault();
              if (assetId) run.mutate();
            }
          }}
        />
        <Button variant="outline" loading={run.isPending} disabled={!assetId} onClick={() => run.mutate()}>
          {t('workflow.testRun')}
        </Button>
      </HStack>
      <ErrorAlert error={run.error} />
      {run.data && (
        <Stack gap="2" aria-live="polite" id="workflow-dry-run-result">
          <HStack>
            <Text fontWeight="medium">{t('workflow.run', { id: run.data.id })}</Text>
            <RunStatusBadge status={run.data.status} />
          </HStack>
          <RunDetails run={run.data} />
        </Stack>
      )}
    </Stack>
  );
}

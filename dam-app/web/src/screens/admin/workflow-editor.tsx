import { Button, Fieldset, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createWorkflow,
  testWorkflow,
  updateWorkflow,
} from '../../../../api/contract/workflows-endpoints.ts';
import {
  ASKED_TYPES,
  type SaveWorkflow,
  SCHEDULE_EVERY,
  SCRIPT_TYPES,
  saveWorkflowSchema,
  WORKFLOW_LIMITS,
  WORKFLOW_STATES,
  WORKFLOW_TRIGGERS,
  WORKFLOW_TYPES,
  type Workflow,
  type WorkflowState,
  type WorkflowTrigger,
  type WorkflowType,
} from '../../../../api/workflows.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { useSave } from '../../kit/use-save.ts';
import { useAdminAcls } from './admin-queries.ts';
import { useFormFolders } from './forms-queries.ts';
import { ParametersEditor } from './workflow-parameters-editor.tsx';
import { RunDetails, RunStatusBadge } from './workflow-run-view.tsx';
import { StepsEditor, stepBody, stepDraft } from './workflow-steps-editor.tsx';
import { folderPaths, useWorkflowFolders, WORKFLOW_KEYS } from './workflows-queries.ts';

const EXAMPLE = `// Runs when the trigger fires, with the asset it fired for and the run's params.
log.config('Checking', asset.path);
if (asset.kind === 'image') dam.addKeyword('image');
`;

const draftOf = (workflow: Workflow | undefined) => ({
  name: workflow?.name ?? '',
  description: workflow?.description ?? '',
  type: workflow?.type ?? ('javascript' as WorkflowType),
  trigger: workflow?.trigger ?? ('ingested' as WorkflowTrigger),
  folderId: workflow?.folderId ? String(workflow.folderId) : '',
  workflowFolderId: workflow?.workflowFolderId ? String(workflow.workflowFolderId) : '',
  script: workflow?.script ?? EXAMPLE,
  steps: (workflow?.steps ?? []).map(stepDraft),
  parameters: workflow?.parameters ?? [],
  properties: Object.entries(workflow?.properties ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join('\n'),
  every: workflow?.schedule?.every ?? 'daily',
  day: String(workflow?.schedule?.day ?? 1),
  time: workflow?.schedule?.time ?? '06:00',
  interval: String(workflow?.schedule?.interval ?? 1),
  aclIds: workflow?.aclIds ?? [],
  state: workflow?.state ?? ('enabled' as WorkflowState),
  timeoutMs: String(workflow?.timeoutMs ?? WORKFLOW_LIMITS.timeoutMs.default),
  memoryMb: String(workflow?.memoryMb ?? WORKFLOW_LIMITS.memoryMb.default),
});
type Draft = ReturnType<typeof draftOf>;

const propertiesOf = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const at = line.indexOf('=');
        return at === -1 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );

/** Login and Permission workflows are asked, never triggered (R-WORKFLOW-ASKED-EDITOR): no trigger, schedule or folder. */
const isAsked = (type: WorkflowType) => ASKED_TYPES.includes(type);

const bodyOf = (draft: Draft) => ({
  name: draft.name,
  description: draft.description,
  type: draft.type,
  // The schema wants a trigger; an asked workflow's is never read (no event, schedule or person starts it).
  trigger: isAsked(draft.type) ? ('manual' as const) : draft.trigger,
  folderId: draft.folderId === '' || isAsked(draft.type) ? null : Number(draft.folderId),
  workflowFolderId: draft.workflowFolderId === '' ? null : Number(draft.workflowFolderId),
  script: SCRIPT_TYPES.includes(draft.type) ? draft.script : '',
  steps: draft.type === 'regular' ? draft.steps.map(stepBody) : [],
  parameters: draft.parameters,
  properties: propertiesOf(draft.properties),
  schedule:
    draft.trigger === 'scheduled' && !isAsked(draft.type)
      ? { every: draft.every, day: Number(draft.day), time: draft.time, interval: Number(draft.interval) }
      : null,
  aclIds: draft.aclIds,
  state: draft.state,
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
  const { t, language } = usePreferences();
  const form = useForm(draftOf(saved), { guard: true });
  const { values } = form;
  const asked = isAsked(values.type);
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
  const text = (
    key: 'name' | 'description' | 'script' | 'timeoutMs' | 'memoryMb' | 'properties' | 'time' | 'interval',
  ) => form.field(key);
  const groups = useWorkflowFolders();
  const acls = useAdminAcls();
  const choose = <K extends 'type' | 'trigger' | 'state' | 'every' | 'day'>(
    key: K,
    prefix: string,
    options: readonly string[],
  ) => (
    <SelectField
      label={t(`workflow.${key}` as 'workflow.type')}
      name={key}
      value={values[key]}
      choices={options.map((each) => ({
        value: each,
        label: t(`${prefix}.${each}` as 'workflow.type.regular'),
      }))}
      onValue={(value) => form.set(key, value as Draft[K])}
      error={form.errors[key]}
    />
  );
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
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {choose('type', 'workflow.type', WORKFLOW_TYPES)}
        {choose('state', 'workflow.state', WORKFLOW_STATES)}
        {!asked && choose('trigger', 'workflow.trigger', WORKFLOW_TRIGGERS)}
        {!asked && (
          <SelectField
            label={t('workflow.folder')}
            name="folderId"
            value={values.folderId}
            none={t('workflow.wholeLibrary')}
            choices={(folders.data ?? []).map((folder) => ({ value: folder.id, label: folder.path }))}
            onValue={(folderId) => form.set('folderId', folderId)}
            error={form.errors.folderId}
          />
        )}
        <SelectField
          label={t('workflow.workflowFolder')}
          name="workflowFolderId"
          value={values.workflowFolderId}
          none={t('workflow.topLevel')}
          choices={folderPaths(groups.data ?? []).map((folder) => ({ value: folder.id, label: folder.path }))}
          onValue={(workflowFolderId) => form.set('workflowFolderId', workflowFolderId)}
          error={form.errors.workflowFolderId}
        />
        <FormField
          {...text('timeoutMs')}
          type="number"
          inputMode="numeric"
          label={t('workflow.timeout')}
          helper={`${WORKFLOW_LIMITS.timeoutMs.min}–${WORKFLOW_LIMITS.timeoutMs.max}`}
        />
        {SCRIPT_TYPES.includes(values.type) && (
          <FormField
            {...text('memoryMb')}
            type="number"
            inputMode="numeric"
            label={t('workflow.memory')}
            helper={`${WORKFLOW_LIMITS.memoryMb.min}–${WORKFLOW_LIMITS.memoryMb.max}`}
          />
        )}
      </SimpleGrid>
      {values.trigger === 'scheduled' && !asked && (
        <Fieldset.Root invalid={form.errors.schedule !== undefined}>
          <Fieldset.Legend fontWeight="semibold">{t('workflow.schedule')}</Fieldset.Legend>
          <Fieldset.HelperText>
            {saved?.nextFireAt
              ? t('workflow.nextFire', { when: new Date(saved.nextFireAt).toLocaleString(language) })
              : t('workflow.scheduleHint')}
          </Fieldset.HelperText>
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
            {choose('every', 'workflow.every', SCHEDULE_EVERY)}
            {values.every === 'weekly' && choose('day', 'workflow.day', ['0', '1', '2', '3', '4', '5', '6'])}
            <FormField {...text('time')} label={t('workflow.time')} type="time" />
            <FormField
              {...text('interval')}
              label={t('workflow.interval')}
              type="number"
              inputMode="numeric"
            />
          </SimpleGrid>
          {form.errors.schedule && <Fieldset.ErrorText>{form.errors.schedule}</Fieldset.ErrorText>}
        </Fieldset.Root>
      )}
      <ParametersEditor
        parameters={values.parameters}
        onChange={(parameters) => form.set('parameters', parameters)}
        error={form.errors.parameters}
      />
      {values.type === 'login' && <Text color="fg.muted">{t('workflow.loginHint')}</Text>}
      <FormField
        {...text('properties')}
        label={t('workflow.properties')}
        helper={t(values.type === 'permission' ? 'workflow.permissionHint' : 'workflow.propertiesHint')}
        multiline
        rows={3}
      />
      {((values.trigger === 'manual' && !asked) || values.type === 'permission') && (
        <CheckboxList
          legend={t(values.type === 'permission' ? 'workflow.permissionAcls' : 'workflow.acls')}
          options={(acls.data ?? []).map((acl) => ({ value: acl.id, label: acl.name }))}
          selected={values.aclIds}
          onChange={(aclIds) => form.set('aclIds', aclIds)}
        />
      )}
      {values.type === 'regular' ? (
        <StepsEditor
          steps={values.steps}
          onChange={(steps) => form.set('steps', steps)}
          error={form.errors.steps}
        />
      ) : (
        <FormField
          {...text('script')}
          label={t('workflow.script')}
          helper={t('workflow.scriptHint')}
          multiline
          rows={12}
          fontFamily="mono"
          spellCheck={false}
        />
      )}
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

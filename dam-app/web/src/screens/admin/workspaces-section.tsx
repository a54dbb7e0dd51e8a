import { Box, Checkbox, Field, Flex, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import {
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  updateWorkspace,
  workspaceLogo,
} from '../../../../api/contract/workspaces-endpoints.ts';
import {
  contrastRatio,
  MIN_CONTRAST,
  type SaveWorkspace,
  saveWorkspaceSchema,
  WORKSPACE_COMPONENTS,
  type Workspace,
} from '../../../../api/workspaces.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { fileBase64 } from '../../components/file-base64.ts';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { useEditableList } from '../../kit/use-editable-list.tsx';
import { useSave } from '../../kit/use-save.ts';
import { WORKSPACE_KEY } from '../shell/use-workspace.ts';
import { useAdminGroups } from './admin-queries.ts';
import { useForms } from './forms-queries.ts';
import { LeaseNotice, useConfigurationLease } from './use-configuration-lease.tsx';

const KEYS = { workspaces: ['admin', 'workspaces'] } as const;
const CHANGED = [KEYS.workspaces, WORKSPACE_KEY];
const HEX = /^#[0-9a-fA-F]{6}$/;

/** Workspaces (R-WORKSPACES): the start folder and header theme each group sees. */
export function WorkspacesSection() {
  const { t } = usePreferences();
  const workspaces = useQuery({
    queryKey: KEYS.workspaces,
    queryFn: ({ signal }) => api.call(listWorkspaces, { signal }),
  });
  const groups = useAdminGroups();
  const groupName = (id: number) => groups.data?.find((group) => group.id === id)?.name ?? String(id);
  const list = useEditableList<Workspace>({
    editor: (workspace, close) => <WorkspaceEditor workspace={workspace} onClose={close} />,
    nameOf: (workspace) => workspace.name,
    editLabel: (workspace) => t('workspace.edit', { name: workspace.name }),
    remove: {
      run: (workspace) => api.call(deleteWorkspace, { params: { id: workspace.id } }),
      body: (workspace) => t('workspace.deleteConfirm', { name: workspace.name }),
      refresh: CHANGED,
    },
  });
  return (
    <ListSection
      create={{ label: t('workspace.new'), onClick: list.create }}
      query={workspaces}
      empty={t('workspace.empty')}
      emptyDescription={t('workspace.emptyHint')}
      rowKey={(workspace) => workspace.id}
      columns={[
        { header: t('field.name'), cell: (workspace) => workspace.name, props: { fontWeight: 'medium' } },
        { header: t('workspace.groups'), cell: (workspace) => workspace.groupIds.map(groupName).join(', ') },
        { header: t('workspace.startPath'), cell: (workspace) => workspace.startPath || '/' },
        {
          header: t('workspace.theme'),
          cell: (workspace) => (
            <Box
              as="span"
              px="2"
              py="0.5"
              rounded="sm"
              style={{ background: workspace.headerColor, color: workspace.headerTextColor }}
            >
              {workspace.name}
            </Box>
          ),
        },
      ]}
      actions={list.buttons}
    >
      {list.dialogs}
    </ListSection>
  );
}

function WorkspaceEditor({ workspace, onClose }: { workspace?: Workspace | undefined; onClose(): void }) {
  const { t } = usePreferences();
  const groups = useAdminGroups();
  const forms = useForms();
  const form = useForm(
    {
      name: workspace?.name ?? '',
      startPath: workspace?.startPath ?? '',
      headerColor: workspace?.headerColor ?? '#234e52',
      headerTextColor: workspace?.headerTextColor ?? '#ffffff',
      groupIds: workspace?.groupIds ?? [],
      components: workspace?.components ?? [...WORKSPACE_COMPONENTS],
      groupComponents: workspace?.groupComponents ?? [],
      uploadFormId: workspace?.uploadFormId ?? (null as number | null),
      logo: undefined as string | null | undefined,
    },
    { guard: true },
  );
  const save = useSave({
    form,
    save: (body: SaveWorkspace) =>
      workspace
        ? api.call(updateWorkspace, { params: { id: workspace.id }, body })
        : api.call(createWorkspace, { body }),
    refresh: CHANGED,
    nameOf: (saved) => saved.name,
    onSaved: onClose,
  });
  const submit = () => {
    if (form.check(saveWorkspaceSchema, form.values)) save.mutate(form.values);
  };
  const lease = useConfigurationLease(workspace ? `workspace:${workspace.id}` : undefined);
  const { headerColor, headerTextColor } = form.values;
  const ratio =
    HEX.test(headerColor) && HEX.test(headerTextColor) ? contrastRatio(headerColor, headerTextColor) : 0;
  const logoSource =
    form.values.logo === null
      ? undefined
      : form.values.logo
        ? `data:image/png;base64,${form.values.logo}`
        : workspace?.logoVersion
          ? api.url(workspaceLogo, { params: { id: workspace.id }, query: { v: workspace.logoVersion } })
          : undefined;
  const colourField = (key: 'headerColor' | 'headerTextColor', label: string) => (
    <HStack align="end" gap="2">
      <FormField {...form.field(key)} label={label} required maxLength={7} />
      <Input
        type="color"
        aria-label={label}
        width="12"
        px="1"
        value={HEX.test(form.values[key]) ? form.values[key] : '#000000'}
        onChange={(event) => form.set(key, event.target.value)}
      />
    </HStack>
  );
  return (
    <EditorDrawer
      open
      title={workspace ? t('workspace.edit', { name: workspace.name }) : t('workspace.new')}
      busy={save.isPending}
      submitLabel={workspace ? t('app.save') : t('app.create')}
      onSubmit={submit}
      onClose={onClose}
    >
      <LeaseNotice heldBy={lease.heldBy} />
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <FormField
        {...form.field('startPath')}
        label={t('workspace.startPath')}
        helper={t('workspace.startPathHint')}
      />
      {colourField('headerColor', t('workspace.headerColor'))}
      {colourField('headerTextColor', t('workspace.headerTextColor'))}
      <Flex
        align="center"
        gap="3"
        px="3"
        py="2"
        rounded="md"
        aria-label={t('workspace.preview')}
        role="img"
        style={{ background: HEX.test(headerColor) ? headerColor : undefined }}
      >
        {logoSource && <Image src={logoSource} alt="" maxHeight="8" />}
        <Text fontWeight="bold" style={{ color: HEX.test(headerTextColor) ? headerTextColor : undefined }}>
          {form.values.name || t('app.name')}
        </Text>
      </Flex>
      <Text fontSize="sm" color={ratio >= MIN_CONTRAST ? 'fg.success' : 'fg.error'}>
        {t('workspace.contrast', { ratio: ratio.toFixed(2), min: MIN_CONTRAST })}
      </Text>
      <Field.Root invalid={form.errors.logo !== undefined}>
        <Field.Label>{t('workspace.logo')}</Field.Label>
        <Input
          type="file"
          accept="image/png"
          pt="1.5"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            form.set('logo', file ? await fileBase64(file) : undefined);
          }}
        />
        <Field.HelperText>{t('workspace.logoHint')}</Field.HelperText>
        {form.errors.logo && <Field.ErrorText>{form.errors.logo}</Field.ErrorText>}
      </Field.Root>
      {/* R-WORKSPACE-UPLOAD-FORM: the form of its uploads into a folder that has none. */}
      <SelectField
        label={t('workspace.uploadForm')}
        value={form.values.uploadFormId ?? ''}
        onValue={(value) => form.set('uploadFormId', value === '' ? null : Number(value))}
        none={t('workspace.uploadFormNone')}
        choices={(forms.data ?? []).map((each) => ({ value: each.id, label: each.name }))}
        helper={t('workspace.uploadFormHint')}
        error={form.errors.uploadFormId}
      />
      <CheckboxList
        legend={t('workspace.groups')}
        options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
        selected={form.values.groupIds}
        onChange={(ids) => {
          form.set('groupIds', ids);
          // A group taken off the workspace takes its narrowing with it.
          form.set(
            'groupComponents',
            form.values.groupComponents.filter((each) => ids.includes(each.groupId)),
          );
        }}
      />
      <CheckboxList
        legend={t('workspace.components')}
        options={WORKSPACE_COMPONENTS.map((part) => ({
          value: part,
          label: t(`workspace.component.${part}`),
        }))}
        selected={form.values.components}
        onChange={(parts) => form.set('components', parts)}
      />
      {form.errors.components && <Text color="fg.error">{form.errors.components}</Text>}
      {/* R-WORKSPACE-COMPONENTS: a group may see fewer of the workspace's parts. */}
      {form.values.groupIds.map((groupId) => {
        const group = groups.data?.find((each) => each.id === groupId);
        const narrowing = form.values.groupComponents.find((each) => each.groupId === groupId);
        const others = form.values.groupComponents.filter((each) => each.groupId !== groupId);
        if (!group) return null;
        return (
          <Stack key={groupId} gap="2" data-group-components={groupId}>
            <Checkbox.Root
              checked={narrowing !== undefined}
              onCheckedChange={(details) =>
                form.set(
                  'groupComponents',
                  details.checked
                    ? [...others, { groupId, components: [...form.values.components] }]
                    : others,
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('workspace.narrowFor', { group: group.name })}</Checkbox.Label>
            </Checkbox.Root>
            {narrowing && (
              <CheckboxList
                legend={t('workspace.componentsFor', { group: group.name })}
                options={WORKSPACE_COMPONENTS.filter((part) => form.values.components.includes(part)).map(
                  (part) => ({ value: part, label: t(`workspace.component.${part}`) }),
                )}
                selected={narrowing.components}
                onChange={(parts) => form.set('groupComponents', [...others, { groupId, components: parts }])}
              />
            )}
          </Stack>
        );
      })}
    </EditorDrawer>
  );
}

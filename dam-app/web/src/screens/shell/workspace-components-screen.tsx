import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { saveMyComponents } from '../../../../api/contract/workspaces-endpoints.ts';
import { WORKSPACE_COMPONENTS, type WorkspaceComponent } from '../../../../api/workspaces.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster, useFailureToast } from '../../app/toaster.tsx';
import { CheckboxList } from '../../components/checkbox-list.tsx';
import { ListSkeleton, Notice } from '../../components/feedback.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { useMyWorkspace, WORKSPACE_KEY } from './use-workspace.ts';

export const screen = defineScreen('workspace-components', { codec: path('/workspace/components') });
export const draw: Draw<'workspace-components'> = () => <WorkspaceComponentsScreen />;

/**
 * R-WORKSPACE-COMPONENTS-PERMISSION: a person with the workspaceComponents permission (or an administrator) chooses the
 * parts their workspace shows; others are told they may not (the server refuses them too).
 */
export function WorkspaceComponentsScreen() {
  const { t, spec } = usePreferences();
  const workspace = useMyWorkspace();
  const mine = workspace.data?.workspace;
  if (workspace.isPending) return <ListSkeleton rows={4} />;
  return (
    <Stack gap="4" maxWidth="xl">
      <ScreenHeader title={t('workspace.myComponents')} intro={t('workspace.myComponentsIntro')} />
      {!mine ? (
        <Notice>{t('workspace.none')}</Notice>
      ) : !mine.mayChooseComponents ? (
        <Notice status="warning">{spec('noPermission')}</Notice>
      ) : (
        <ComponentsForm name={mine.name} initial={mine.workspaceComponents} />
      )}
    </Stack>
  );
}

function ComponentsForm({ name, initial }: { name: string; initial: WorkspaceComponent[] }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const failed = useFailureToast();
  const [parts, setParts] = useState(initial);
  const save = useMutation({
    mutationFn: (components: WorkspaceComponent[]) => api.call(saveMyComponents, { body: { components } }),
    onSuccess: (next) => {
      client.setQueryData(WORKSPACE_KEY, next);
      toaster.create({ type: 'success', title: t('app.saved') });
    },
    onError: failed,
  });
  return (
    <>
      <Text fontWeight="medium">{name}</Text>
      <CheckboxList
        legend={t('workspace.components')}
        options={WORKSPACE_COMPONENTS.map((part) => ({
          value: part,
          label: t(`workspace.component.${part}`),
        }))}
        selected={parts}
        onChange={setParts}
      />
      <Button
        alignSelf="start"
        colorPalette="teal"
        loading={save.isPending}
        onClick={() => save.mutate(parts)}
      >
        {t('app.save')}
      </Button>
    </>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}

import { Badge } from '@chakra-ui/react';
import { useState } from 'react';
import { deleteWorkflow } from '../../../../api/contract/workflows-endpoints.ts';
import type { Workflow } from '../../../../api/workflows.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useEditing } from '../../kit/use-editing.ts';
import { useRefresh } from '../../kit/use-refresh.ts';
import { WorkflowEditor } from './workflow-editor.tsx';
import { WorkflowFolders } from './workflow-folders.tsx';
import { WorkflowRuns } from './workflow-runs.tsx';
import { SystemWorkflowList } from './workflow-system-list.tsx';
import { folderPaths, useWorkflowFolders, useWorkflows, WORKFLOW_KEYS } from './workflows-queries.ts';

const STATE_PALETTE: Record<Workflow['state'], string> = {
  enabled: 'green',
  disabled: 'gray',
  cancelled: 'orange',
};

/**
 * The Workflow Manager (R-WORKFLOW-TRIGGERS, R-WORKFLOW-MODEL): each workflow with its type, trigger, the folder it
 * watches, its folder in the workflow tree and its state; its editor (with the debugger) and its run history; the
 * workflow tree's folders; the system workflows, read-only.
 */
export function WorkflowsSection() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const workflows = useWorkflows();
  const folders = useWorkflowFolders();
  const editing = useEditing<Workflow>();
  const [runsOf, setRunsOf] = useState<number | undefined>();
  const remove = useConfirm({
    run: (workflow: Workflow) => api.call(deleteWorkflow, { params: { id: workflow.id } }),
    done: () => refresh([WORKFLOW_KEYS.workflows]),
    title: t('app.delete'),
    body: (workflow) => t('admin.workflowDeleteConfirm', { name: workflow.name }),
    confirmLabel: t('app.delete'),
  });
  const shown = workflows.data?.find((each) => each.id === runsOf);
  return (
    <ListSection
      create={{ label: t('admin.newWorkflow'), onClick: editing.create }}
      query={workflows}
      empty={t('admin.workflowsEmpty')}
      rowKey={(workflow) => workflow.id}
      columns={[
        { header: t('field.name'), cell: (workflow) => workflow.name, props: { fontWeight: 'medium' } },
        { header: t('workflow.type'), cell: (workflow) => t(`workflow.type.${workflow.type}`) },
        { header: t('workflow.trigger'), cell: (workflow) => t(`workflow.trigger.${workflow.trigger}`) },
        {
          header: t('workflow.workflowFolder'),
          cell: (workflow) =>
            folderPaths(folders.data ?? []).find((each) => each.id === workflow.workflowFolderId)?.path ??
            '—',
        },
        {
          header: t('workflow.folder'),
          cell: (workflow) => workflow.folderPath || t('workflow.wholeLibrary'),
        },
        {
          header: t('workflow.state'),
          cell: (workflow) => (
            <Badge colorPalette={STATE_PALETTE[workflow.state]}>
              {t(`workflow.state.${workflow.state}`)}
            </Badge>
          ),
        },
      ]}
      actions={(workflow) => (
        <>
          <RowButton
            text={t('app.edit')}
            label={t('admin.editWorkflow', { name: workflow.name })}
            onClick={() => editing.edit(workflow)}
          />
          <RowButton
            text={t('workflow.runs')}
            label={t('workflow.showRuns', { name: workflow.name })}
            onClick={() => setRunsOf(workflow.id)}
          />
          <RowButton
            danger
            text={t('app.delete')}
            label={`${t('app.delete')} ${workflow.name}`}
            onClick={() => remove.ask(workflow)}
          />
        </>
      )}
    >
      {shown && <WorkflowRuns key={shown.id} workflow={shown} />}
      <WorkflowFolders />
      <SystemWorkflowList />
      {editing.open && <WorkflowEditor key={editing.key} workflow={editing.item} onClose={editing.close} />}
      {remove.dialog}
    </ListSection>
  );
}

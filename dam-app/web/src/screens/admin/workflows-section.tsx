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
import { WorkflowRuns } from './workflow-runs.tsx';
import { useWorkflows, WORKFLOW_KEYS } from './workflows-queries.ts';

/**
 * The Workflow Manager (R-WORKFLOW-TRIGGERS): each workflow with its trigger, the folder it watches and whether it is
 * enabled; its editor (with the debugger's dry run) and its run history.
 */
export function WorkflowsSection() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const workflows = useWorkflows();
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
        { header: t('workflow.trigger'), cell: (workflow) => t(`workflow.trigger.${workflow.trigger}`) },
        {
          header: t('workflow.folder'),
          cell: (workflow) => workflow.folderPath || t('workflow.wholeLibrary'),
        },
        {
          header: t('workflow.state'),
          cell: (workflow) => (
            <Badge colorPalette={workflow.enabled ? 'green' : 'gray'}>
              {t(workflow.enabled ? 'workflow.state.enabled' : 'workflow.state.disabled')}
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
      {editing.open && <WorkflowEditor key={editing.key} workflow={editing.item} onClose={editing.close} />}
      {remove.dialog}
    </ListSection>
  );
}

import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { replayWorkflowRun } from '../../../../api/contract/workflows-endpoints.ts';
import type { Workflow, WorkflowRun } from '../../../../api/workflows.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { RunDetails, RunStatusBadge } from './workflow-run-view.tsx';
import { useWorkflowRuns, WORKFLOW_KEYS } from './workflows-queries.ts';

/** R-WORKFLOW-DEBUGGER: a run that ended in error runs again, as a new run with the same asset and parameters. */
function ReplayButton({ run }: { run: WorkflowRun }) {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const replay = useMutation({
    mutationFn: () => api.call(replayWorkflowRun, { params: { id: run.id } }),
    onSuccess: () => refresh([WORKFLOW_KEYS.runs(run.workflowId)]),
  });
  return (
    <Stack gap="2">
      <Button
        alignSelf="flex-start"
        size="sm"
        variant="outline"
        loading={replay.isPending}
        onClick={() => replay.mutate()}
      >
        {t('workflow.replay', { id: run.id })}
      </Button>
      <ErrorAlert error={replay.error} />
    </Stack>
  );
}

/** A workflow's run history (R-WORKFLOW-RUNS): the latest runs, newest first, each opening to its changes and log. */
export function WorkflowRuns({ workflow }: { workflow: Workflow }) {
  const { t, language } = usePreferences();
  const runs = useWorkflowRuns(workflow.id);
  const trigger = (name: string) =>
    name === 'test' ? t('workflow.dryRun') : t(`workflow.trigger.${name as Workflow['trigger']}`);

  return (
    <Stack as="section" aria-labelledby="workflow-runs" gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h2" size="md" id="workflow-runs">
        {t('workflow.showRuns', { name: workflow.name })}
      </Heading>
      <QueryStates query={runs} empty={t('workflow.runsEmpty')}>
        {(list) => (
          <Stack gap="2">
            {list.map((run) => (
              <Box as="details" key={run.id} borderWidth="1px" rounded="md" px="3" py="2">
                <Box as="summary" cursor="pointer">
                  <HStack as="span" display="inline-flex" gap="3" wrap="wrap">
                    <Text as="span" fontWeight="medium">
                      {t('workflow.run', { id: run.id })}
                    </Text>
                    <RunStatusBadge status={run.status} />
                    <Text as="span">{trigger(run.trigger)}</Text>
                    {run.assetId !== null && (
                      <Text as="span">{t('workflow.onAsset', { id: run.assetId })}</Text>
                    )}
                    {run.replayOf !== null && (
                      <Text as="span">{t('workflow.replayOf', { id: run.replayOf })}</Text>
                    )}
                    <Text as="span" color="fg.muted">
                      {new Date(run.createdAt).toLocaleString(language)}
                    </Text>
                  </HStack>
                </Box>
                <Stack pt="3" gap="3">
                  <RunDetails run={run} />
                  {run.status === 'error' && !run.dryRun && <ReplayButton run={run} />}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}

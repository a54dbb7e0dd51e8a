import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { Workflow } from '../../../../api/workflows.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { RunDetails, RunStatusBadge } from './workflow-run-view.tsx';
import { useWorkflowRuns } from './workflows-queries.ts';

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
                    <Text as="span" color="fg.muted">
                      {new Date(run.createdAt).toLocaleString(language)}
                    </Text>
                  </HStack>
                </Box>
                <Box pt="3">
                  <RunDetails run={run} />
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}

import { Badge, Box, Code, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { LogLine, RunStatus, WorkflowChange, WorkflowRun } from '../../../../api/workflows.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { StepTrace } from './workflow-step-trace.tsx';

const STATUS_PALETTE: Record<RunStatus, string> = { scheduled: 'blue', completed: 'green', error: 'red' };

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = usePreferences();
  return <Badge colorPalette={STATUS_PALETTE[status]}>{t(`workflow.status.${status}`)}</Badge>;
}

function ChangeText({ change }: { change: WorkflowChange }) {
  const { t } = usePreferences();
  switch (change.action) {
    case 'setField':
      return <>{t('workflow.change.setField', { key: change.key, value: change.value })}</>;
    case 'addKeyword':
      return <>{t('workflow.change.addKeyword', { word: change.word })}</>;
    case 'removeKeyword':
      return <>{t('workflow.change.removeKeyword', { word: change.word })}</>;
    case 'move':
      return <>{t('workflow.change.move', { folder: change.folder || '/' })}</>;
    case 'notify':
      return <>{t('workflow.change.notify', { text: change.text })}</>;
  }
}

/**
 * What a run did or, for a dry run, would do (R-WORKFLOW-RUNS, R-WORKFLOW-DRY-RUN): its error, the changes the script
 * asked for in order, and its log lines with their levels.
 */
export function RunDetails({ run }: { run: WorkflowRun }) {
  const { t, message } = usePreferences();
  return (
    <Stack gap="3">
      {run.error && (
        <Text color="fg.error" role="status">
          {message(run.error)}
        </Text>
      )}
      <Box hidden={run.changes.length === 0 && run.steps.length > 0}>
        <Text fontWeight="semibold">{t('workflow.changes')}</Text>
        {run.changes.length ? (
          <List.Root as="ol" ps="5">
            {run.changes.map((change, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the changes are a fixed record, in the script's order
              <List.Item key={index}>
                <ChangeText change={change} />
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted">{t('workflow.noChanges')}</Text>
        )}
      </Box>
      {run.steps.length > 0 && <StepTrace key={run.id} steps={run.steps} />}
      {run.steps.length === 0 && <LogLines log={run.log} />}
    </Stack>
  );
}

/** Log lines with their levels (Severe, Config, Fine, Finer, Finest). */
export function LogLines({ log }: { log: LogLine[] }) {
  const { t } = usePreferences();
  return (
    <Box>
      <Text fontWeight="semibold">{t('workflow.log')}</Text>
      {log.length ? (
        <Stack as="ol" gap="1" listStyleType="none" ps="0">
          {log.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the log is a fixed record, in the script's order
            <HStack as="li" key={index} align="baseline" gap="2">
              <Badge variant="outline" minW="16" justifyContent="center">
                {t(`workflow.level.${line.level}`)}
              </Badge>
              <Code whiteSpace="pre-wrap" wordBreak="break-word">
                {line.message}
              </Code>
            </HStack>
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">{t('workflow.noLog')}</Text>
      )}
    </Box>
  );
}

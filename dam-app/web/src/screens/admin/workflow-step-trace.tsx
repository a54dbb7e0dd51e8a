import { Box, Button, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { RunStep } from '../../../../api/workflows.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { LogLines, RunStatusBadge } from './workflow-run-view.tsx';

const json = (value: Record<string, unknown>) => JSON.stringify(value, null, 2);

/**
 * The debugger's step-by-step view of a run (R-WORKFLOW-DEBUGGER): one step at a time with its input, output, log
 * lines and status, stepped through with Previous and Next (it opens on the first step that ended in error, if any).
 */
export function StepTrace({ steps }: { steps: RunStep[] }) {
  const { t } = usePreferences();
  const failed = steps.findIndex((step) => step.status === 'error');
  const [at, setAt] = useState(failed === -1 ? 0 : failed);
  const headingId = useId();
  const step = steps[at];
  if (!step) return <Text color="fg.muted">{t('workflow.noSteps')}</Text>;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2" borderWidth="1px" rounded="md" p="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h3" size="xs" id={headingId} aria-live="polite">
          {t('workflow.stepOf', {
            n: at + 1,
            total: steps.length,
            action: t(`workflow.action.${step.action as 'move'}`),
          })}
        </Heading>
        <RunStatusBadge status={step.status} />
      </HStack>
      <Box>
        <Text fontWeight="semibold">{t('workflow.input')}</Text>
        <Code display="block" whiteSpace="pre-wrap" wordBreak="break-word" p="2">
          {json(step.input)}
        </Code>
      </Box>
      <Box>
        <Text fontWeight="semibold">{t('workflow.output')}</Text>
        <Code display="block" whiteSpace="pre-wrap" wordBreak="break-word" p="2">
          {json(step.output)}
        </Code>
      </Box>
      <LogLines log={step.log} />
      <HStack>
        <Button size="sm" variant="outline" disabled={at === 0} onClick={() => setAt(at - 1)}>
          {t('workflow.previousStep')}
        </Button>
        <Button size="sm" variant="outline" disabled={at === steps.length - 1} onClick={() => setAt(at + 1)}>
          {t('workflow.nextStep')}
        </Button>
      </HStack>
    </Stack>
  );
}

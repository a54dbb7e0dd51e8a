import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { SystemWorkflow } from '../../../../api/workflows.ts';
import { usePreferences } from '../../app/preferences.tsx';
import type { Translate } from '../../i18n/translate.ts';
import { QueryStates } from '../../kit/query-states.tsx';
import { useSystemWorkflows } from './workflows-queries.ts';

/** The system workflows the web translates, by their key (the server's words are English). */
const TRANSLATED = ['pre-transfer', 'loading-dock-download', 'utils'] as const;

/** A system workflow's name and description in the person's language; one the web does not know, as the server says. */
export function systemWorkflowTexts(t: Translate, workflow: SystemWorkflow) {
  const key = TRANSLATED.find((each) => each === workflow.key);
  if (!key) return { name: workflow.name, description: workflow.description };
  return { name: t(`workflow.systemName.${key}`), description: t(`workflow.systemDescription.${key}`) };
}

/** The system workflows (R-WORKFLOW-SYSTEM), read-only: each with what it is for and the actions it answers. */
export function SystemWorkflowList() {
  const { t } = usePreferences();
  const system = useSystemWorkflows();
  return (
    <Stack as="section" aria-labelledby="system-workflows" gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h2" size="md" id="system-workflows">
        {t('workflow.system')}
      </Heading>
      <Text color="fg.muted">{t('workflow.systemHint')}</Text>
      <QueryStates query={system} empty="">
        {(list) => (
          <Stack gap="4">
            {list.map((workflow) => (
              <Box key={workflow.key}>
                <Heading as="h3" size="sm">
                  {systemWorkflowTexts(t, workflow).name}
                </Heading>
                <Text fontSize="sm">{systemWorkflowTexts(t, workflow).description}</Text>
                <Table.Root size="sm" mt="2">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('workflow.systemAction')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('workflow.payload')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('workflow.answer')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {workflow.actions.map((action) => (
                      <Table.Row key={action.name}>
                        <Table.Cell fontFamily="mono">{action.name}</Table.Cell>
                        <Table.Cell>{action.payload}</Table.Cell>
                        <Table.Cell>{action.answer}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            ))}
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}

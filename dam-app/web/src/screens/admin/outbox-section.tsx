import { Accordion, Box, Span, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { listOutbox } from '../../../../api/contract/admin-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';

import { formatDate } from '../../components/format-date.ts';
import { QueryStates } from '../../kit/query-states.tsx';
import { ADMIN_KEYS } from './admin-queries.ts';

/** The outbox: mails written offline when no SMTP server is configured, so `npm start` works without one. */
export function OutboxSection() {
  const { t, language } = usePreferences();
  const outbox = useQuery({
    queryKey: ADMIN_KEYS.outbox,
    queryFn: ({ signal }) => api.call(listOutbox, { signal }),
  });
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('admin.outboxIntro')}</Text>
      <QueryStates query={outbox} empty={t('admin.outboxEmpty')}>
        {(mails) => (
          <Accordion.Root collapsible multiple variant="enclosed">
            {mails.map((mail) => (
              <Accordion.Item key={mail.id} value={mail.id}>
                <Accordion.ItemTrigger>
                  <Span flex="1" textAlign="start">
                    <Text fontWeight="medium">{mail.subject}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t('admin.to')}: {mail.to} · {formatDate(mail.at, language)}
                    </Text>
                  </Span>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <Box as="pre" whiteSpace="pre-wrap" fontFamily="mono" fontSize="sm">
                      {mail.text}
                    </Box>
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        )}
      </QueryStates>
    </Stack>
  );
}

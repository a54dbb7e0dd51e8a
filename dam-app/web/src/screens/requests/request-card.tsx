import { Badge, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { RequestView } from '../../../../api/requests.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { formatDate } from '../../components/format-date.ts';

const STATUS_COLOURS: Record<RequestView['status'], string> = {
  submitted: 'blue',
  'download approved': 'green',
  'download rejected': 'red',
};
const DECISION_COLOURS: Record<RequestView['items'][number]['decision'], string> = {
  pending: 'gray',
  approved: 'green',
  rejected: 'red',
};

/**
 * One request (Request to download: request ID, description, reason, status, approver name, approver notes,
 * requestor details; Clearance request: dates, regions, formats), each asset with its decision and the reason of
 * a rejection. `actions` are the screen's buttons for it.
 */
export function RequestCard({
  request,
  actions,
  notice,
}: {
  request: RequestView;
  actions?: ReactNode;
  /** What the request gives now (the download until its due date), under its heading. */
  notice?: ReactNode;
}) {
  const { t, language } = usePreferences();
  const headingId = `request-${request.id}`;
  return (
    <Card.Root
      size="sm"
      as="li"
      aria-labelledby={headingId}
      data-request={request.id}
      data-status={request.status}
    >
      <Card.Body gap="2">
        <Flex gap="3" wrap="wrap" align="center">
          <Text as="h2" id={headingId} fontWeight="semibold">
            {t('requests.id', { id: request.id })}
          </Text>
          <Badge colorPalette={request.kind === 'clearance' ? 'purple' : 'teal'}>
            {t(`requests.kind.${request.kind}`)}
          </Badge>
          <Badge colorPalette={STATUS_COLOURS[request.status]}>
            {t(`requests.status.${request.status}`)}
          </Badge>
          {actions && (
            <HStack marginStart="auto" gap="2" wrap="wrap">
              {actions}
            </HStack>
          )}
        </Flex>
        {notice}
        <Stack as="dl" gap="1" fontSize="sm">
          <Field label={t('requests.requestor')}>
            {request.requestor.name}
            {request.requestor.email ? ` <${request.requestor.email}>` : ''}
          </Field>
          <Field label={t('requests.received')}>{formatDate(request.receivedAt, language)}</Field>
          <Field label={t('requests.approver')}>{request.approverName}</Field>
          {request.description && <Field label={t('requests.description')}>{request.description}</Field>}
          {request.reason && <Field label={t('requests.reason')}>{request.reason}</Field>}
          {request.approverNotes && <Field label={t('requests.notes')}>{request.approverNotes}</Field>}
          {request.dueAt && <Field label={t('requests.due')}>{formatDate(request.dueAt, language)}</Field>}
          {request.clearance && (
            <Field label={t('requests.clearance')}>
              {t('requests.clearanceSummary', {
                from: request.clearance.from,
                to: request.clearance.to,
                regions: request.clearance.regions.join(', '),
                formats: request.clearance.formats.join(', ') || '—',
              })}
            </Field>
          )}
        </Stack>
        <Stack as="ul" gap="1" ps="0" listStyleType="none" aria-label={t('requests.assets')}>
          {request.items.map((item) => (
            <HStack as="li" key={item.assetId} gap="2" wrap="wrap" fontSize="sm" data-asset={item.assetId}>
              <Badge colorPalette={DECISION_COLOURS[item.decision]}>
                {t(`requests.decision.${item.decision}`)}
              </Badge>
              <Text>{item.name}</Text>
              {item.reason && (
                <Text color="fg.muted">{t('requests.rejectedBecause', { reason: item.reason })}</Text>
              )}
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap="2" wrap="wrap">
      <Text as="dt" color="fg.muted" minWidth="32">
        {label}
      </Text>
      <Text as="dd" wordBreak="break-word">
        {children}
      </Text>
    </Flex>
  );
}

import { Fieldset, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { decideRequest } from '../../../../api/contract/requests-endpoints.ts';
import type { RequestView } from '../../../../api/requests.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ActionDialog } from '../../kit/action-dialog.tsx';
import { refreshRequests } from './request-queries.ts';

type Choice = 'approved' | 'rejected';

/** `YYYY-MM-DDTHH:mm:ss` in the person's time zone, as a datetime-local field holds it. */
export function localDateTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The default download period an approver offers: a week. */
const DEFAULT_DAYS = 7;

/**
 * The approver's decision (approve or reject per asset): each asset approved or rejected, a reason for each
 * rejected one, notes, and for a request to download the date until which the approved assets may be downloaded
 * (not in the past). The server's texts answer a missing reason or a past date.
 */
export function DecisionDialog({ request, onClose }: { request: RequestView; onClose(): void }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const [choices, setChoices] = useState<Record<number, Choice>>(() =>
    Object.fromEntries(
      request.items.map((item) => [item.assetId, item.decision === 'rejected' ? 'rejected' : 'approved']),
    ),
  );
  const [reasons, setReasons] = useState<Record<number, string>>(() =>
    Object.fromEntries(request.items.map((item) => [item.assetId, item.reason])),
  );
  const [notes, setNotes] = useState(request.approverNotes);
  const [due, setDue] = useState(() => localDateTime(new Date(Date.now() + DEFAULT_DAYS * 86_400_000)));
  const download = request.kind === 'download';
  const anyApproved = Object.values(choices).includes('approved');
  const decide = useMutation({
    mutationFn: () =>
      api.call(decideRequest, {
        params: { id: request.id },
        body: {
          items: request.items.map((item) => ({
            assetId: item.assetId,
            decision: choices[item.assetId] ?? 'approved',
            reason: choices[item.assetId] === 'rejected' ? (reasons[item.assetId] ?? '') : '',
          })),
          notes,
          dueAt: download && anyApproved && due ? new Date(due).toISOString() : null,
        },
      }),
    onSuccess: (decided) => {
      void refreshRequests(client);
      toaster.create({
        type: 'success',
        title: t('approvals.decided', { id: decided.id, status: t(`requests.status.${decided.status}`) }),
      });
      onClose();
    },
  });
  return (
    <ActionDialog
      open
      size="lg"
      title={t('approvals.decideTitle', { id: request.id, name: request.requestor.name })}
      submitLabel={t('approvals.save')}
      busy={decide.isPending}
      onSubmit={() => decide.mutate()}
      onClose={onClose}
    >
      {request.reason && <Text>{t('requests.reasonQuoted', { reason: request.reason })}</Text>}
      {request.items.map((item) => {
        const choice = choices[item.assetId] ?? 'approved';
        return (
          <Fieldset.Root key={item.assetId} data-decision-for={item.name}>
            <Fieldset.Legend>{t('approvals.decisionFor', { name: item.name })}</Fieldset.Legend>
            <Stack gap="2">
              <RadioGroup.Root
                value={choice}
                onValueChange={(details) =>
                  setChoices({ ...choices, [item.assetId]: details.value as Choice })
                }
                name={`decision-${item.assetId}`}
                size="sm"
              >
                <HStack gap="4">
                  {(['approved', 'rejected'] as const).map((value) => (
                    <RadioGroup.Item key={value} value={value}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>
                        {t(value === 'approved' ? 'approvals.approve' : 'approvals.reject')}
                      </RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
              {choice === 'rejected' && (
                <FormField
                  label={t('approvals.rejectReason', { name: item.name })}
                  name={`reason-${item.assetId}`}
                  required
                  value={reasons[item.assetId] ?? ''}
                  onValue={(value) => setReasons({ ...reasons, [item.assetId]: value })}
                />
              )}
            </Stack>
          </Fieldset.Root>
        );
      })}
      <FormField
        label={t('approvals.notes')}
        name="notes"
        multiline
        rows={2}
        value={notes}
        onValue={setNotes}
      />
      {download && anyApproved && (
        <FormField
          label={t('approvals.dueAt')}
          name="dueAt"
          type="datetime-local"
          step={1}
          required
          value={due}
          onValue={setDue}
        />
      )}
      <ErrorAlert error={decide.error ?? undefined} />
    </ActionDialog>
  );
}

import { HStack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createRequest } from '../../../api/contract/requests-endpoints.ts';
import { REQUEST_MAX_ASSETS, type RequestView } from '../../../api/requests.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { FormField } from '../components/form-field.tsx';
import { SelectField } from '../components/select-field.tsx';
import { ActionDialog } from '../kit/action-dialog.tsx';
import type { AssetDialogProps } from './asset-dialog-props.ts';

type Kind = RequestView['kind'];
const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Ask the approvers for assets I may see but not download (Request to download: description, reason), or for
 * their clearance (Clearance request: dates, regions, formats); at most REQUEST_MAX_ASSETS assets. The server
 * sends one request per approver of the assets' folders and answers the spec's texts (the To Date rule, the limit).
 */
export function RequestDialog({ assetIds, open, onClose }: AssetDialogProps) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const [kind, setKind] = useState<Kind>('download');
  const [description, setDescription] = useState('');
  const [reason, setReason] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [regions, setRegions] = useState('');
  const [formats, setFormats] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.call(createRequest, {
        body: {
          kind,
          assetIds: [...assetIds],
          description,
          reason,
          ...(kind === 'clearance'
            ? { clearance: { from, to: to || null, regions: list(regions), formats: list(formats) } }
            : {}),
        },
      }),
    onSuccess: ({ requests }) => {
      void client.invalidateQueries({ queryKey: ['requests'] });
      toaster.create({ type: 'success', title: t('requests.sent', { count: requests.length }) });
      onClose();
    },
  });
  return (
    <ActionDialog
      open={open}
      title={t('requests.newTitle')}
      submitLabel={t('requests.send')}
      busy={send.isPending}
      disabled={assetIds.length === 0}
      onSubmit={() => send.mutate()}
      onClose={onClose}
    >
      <Text>{t('requests.newIntro', { count: assetIds.length, max: REQUEST_MAX_ASSETS })}</Text>
      <SelectField
        label={t('requests.kindLabel')}
        name="kind"
        value={kind}
        onValue={(value) => setKind(value as Kind)}
        choices={(['download', 'clearance'] as const).map((value) => ({
          value,
          label: t(`requests.kind.${value}`),
        }))}
      />
      <FormField
        label={t('requests.description')}
        name="description"
        value={description}
        onValue={setDescription}
      />
      <FormField
        label={t('requests.reason')}
        name="reason"
        multiline
        rows={2}
        value={reason}
        onValue={setReason}
      />
      {kind === 'clearance' && (
        <>
          <HStack gap="3" align="flex-start" wrap="wrap">
            <FormField
              label={t('requests.clearanceFrom')}
              name="from"
              type="date"
              required
              value={from}
              onValue={setFrom}
            />
            <FormField
              label={t('requests.clearanceTo')}
              name="to"
              type="date"
              required
              value={to}
              onValue={setTo}
            />
          </HStack>
          <FormField
            label={t('requests.regions')}
            name="regions"
            required
            value={regions}
            onValue={setRegions}
          />
          <FormField label={t('requests.formats')} name="formats" value={formats} onValue={setFormats} />
        </>
      )}
      <ErrorAlert error={send.error ?? undefined} />
    </ActionDialog>
  );
}

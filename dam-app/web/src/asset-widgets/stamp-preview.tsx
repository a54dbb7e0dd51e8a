import { Stack, Table, Text } from '@chakra-ui/react';
import type { StampResult } from '../../../api/stamps.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { usePreferences } from '../app/preferences.tsx';

/** R-STAMP: a refused stamp's problems, field by field (the form's check of every value). */
export function StampProblems({ failure }: { failure: unknown }) {
  const { message } = usePreferences();
  if (!(failure instanceof ApiFailure) || Object.keys(failure.fields).length === 0) return null;
  return (
    <Stack as="ul" gap="1" ps="5">
      {Object.entries(failure.fields).map(([key, problem]) => (
        <Text as="li" key={key} color="fg.error">
          {key.replace(/^.*[/#]/, '')}: {message(problem)}
        </Text>
      ))}
    </Stack>
  );
}

/** R-STAMP: what a stamp changes — how many fields on how many assets, and each field's value before and after. */
export function StampPreview({ result }: { result: StampResult }) {
  const { t } = usePreferences();
  return (
    <Stack gap="2" id="stamp-preview">
      <Text>{t('stamp.previewSummary', { changed: result.changed, assets: result.assets })}</Text>
      {result.changes.length > 0 && (
        <Table.Root size="sm" variant="outline">
          <Table.Caption>{t('stamp.previewCaption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('stamp.asset')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stamp.fieldColumn')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stamp.before')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stamp.after')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.changes.slice(0, 50).map((change) => (
              <Table.Row key={`${change.assetId}:${change.key}`}>
                <Table.Cell>{change.assetId}</Table.Cell>
                <Table.Cell>{change.key.replace(/^.*[/#]/, '')}</Table.Cell>
                <Table.Cell>{change.from || '—'}</Table.Cell>
                <Table.Cell>{change.to || '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}

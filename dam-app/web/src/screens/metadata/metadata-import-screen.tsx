import { Badge, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  previewMetadataImport,
  startMetadataImport,
} from '../../../../api/contract/metadata-io-endpoints.ts';
import { METADATA_IO_MESSAGES } from '../../../../api/messages.ts';
import {
  IMPORT_FILE_EXTENSIONS,
  type ImportPreview,
  type ImportRowError,
  MATCH_KEYS,
  type MetadataImport,
} from '../../../../api/metadata-io.ts';
import { api } from '../../api/api-client.ts';
import { ApiFailure } from '../../api/api-failure.ts';
import { usePreferences } from '../../app/preferences.tsx';
import {
  DEFAULT_LAYOUT,
  layoutOf,
  MetadataLayoutFields,
} from '../../asset-widgets/metadata-layout-fields.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SelectField } from '../../components/select-field.tsx';
import type { MessageKey } from '../../i18n/messages-en.ts';
import { DataTable } from '../../kit/data-table.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { IMPORT_KEYS, useMetadataImports } from './metadata-import-queries.ts';

export const screen = defineScreen('metadata-import', {
  codec: path('/metadata-import'),
  nav: { menu: 'user', label: 'metadataIo.importTitle', order: 3.6 },
});
export const draw: Draw<'metadata-import'> = () => <MetadataImportScreen />;

const STATE_LABELS: Record<MetadataImport['state'], MessageKey> = {
  starting: 'metadataIo.stateStarting',
  finished: 'metadataIo.stateFinished',
  success: 'metadataIo.stateSuccess',
  failure: 'metadataIo.stateFailure',
};
const STATE_COLORS: Record<MetadataImport['state'], string> = {
  starting: 'blue',
  finished: 'orange',
  success: 'green',
  failure: 'red',
};

const acceptedFile = (file: File) =>
  IMPORT_FILE_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/**
 * R-METADATA-IMPORT: a CSV, tab, XML or custom-delimited file of form values, matched to assets by id or path,
 * previewed (what changes, which rows are refused and why), then imported as a job whose state and row errors the
 * list below follows.
 */
export function MetadataImportScreen() {
  const { t, message, language } = usePreferences();
  const refresh = useRefresh();
  const imports = useMetadataImports();
  const [file, setFile] = useState<File | null>(null);
  const [layout, setLayout] = useState(DEFAULT_LAYOUT);
  const [match, setMatch] = useState<(typeof MATCH_KEYS)[number]>('id');
  const [fileError, setFileError] = useState<string | undefined>();
  const query = () => ({ ...layoutOf(layout), match, fileName: file?.name ?? '' });
  const preview = useMutation({
    mutationFn: (chosen: File) => api.callWithFile(previewMetadataImport, chosen, { query: query() }),
  });
  const start = useMutation({
    mutationFn: (chosen: File) => api.callWithFile(startMetadataImport, chosen, { query: query() }),
    onSuccess: () => {
      preview.reset();
      refresh([IMPORT_KEYS.imports]);
    },
  });
  const failure = start.error ?? preview.error;
  const fields = failure instanceof ApiFailure ? failure.fields : {};
  const choose = (chosen: File | null) => {
    preview.reset();
    start.reset();
    setFile(chosen);
    setFileError(chosen && !acceptedFile(chosen) ? message(METADATA_IO_MESSAGES.importFileType) : undefined);
  };
  const ready = file !== null && fileError === undefined;
  return (
    <Stack gap="6">
      <ScreenHeader title={t('metadataIo.importTitle')} />
      <Stack as="section" aria-labelledby="import-file" gap="4" maxWidth="3xl">
        <Heading as="h2" size="md" id="import-file">
          {t('metadataIo.importFile')}
        </Heading>
        <Text color="fg.muted">{t('metadataIo.importIntro')}</Text>
        <Field.Root invalid={fileError !== undefined || fields.fileName !== undefined} required>
          <Field.Label>{t('metadataIo.file')}</Field.Label>
          <Input
            type="file"
            name="file"
            accept={IMPORT_FILE_EXTENSIONS.join(',')}
            p="1"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <Field.HelperText>{t('metadataIo.fileHint')}</Field.HelperText>
          {(fileError ?? fields.fileName) && (
            <Field.ErrorText>{fileError ?? fields.fileName}</Field.ErrorText>
          )}
        </Field.Root>
        <MetadataLayoutFields
          value={layout}
          onChange={(next) => {
            preview.reset();
            setLayout(next);
          }}
          errors={{ delimiter: fields.delimiter, escape: fields.escape }}
        />
        <SelectField
          label={t('metadataIo.matchBy')}
          name="match"
          value={match}
          onValue={(value) => {
            preview.reset();
            setMatch(value as (typeof MATCH_KEYS)[number]);
          }}
          choices={MATCH_KEYS.map((key) => ({
            value: key,
            label: t(key === 'id' ? 'metadataIo.matchId' : 'metadataIo.matchPath'),
          }))}
          fieldProps={{ width: '52' }}
        />
        <HStack gap="2">
          <Button
            variant="outline"
            disabled={!ready}
            loading={preview.isPending}
            onClick={() => file && preview.mutate(file)}
          >
            {t('metadataIo.preview')}
          </Button>
          <Button
            colorPalette="teal"
            disabled={!ready}
            loading={start.isPending}
            onClick={() => file && start.mutate(file)}
          >
            {t('metadataIo.import')}
          </Button>
        </HStack>
        <ErrorAlert error={failure ?? undefined} />
        {preview.data && <PreviewResult preview={preview.data} />}
      </Stack>
      <Stack as="section" aria-labelledby="import-history" gap="3">
        <Heading as="h2" size="md" id="import-history">
          {t('metadataIo.history')}
        </Heading>
        <ListSection
          query={imports}
          empty={t('metadataIo.noImports')}
          rowKey={(each) => each.id}
          label={t('metadataIo.history')}
          columns={[
            { header: t('metadataIo.file'), cell: (each) => each.fileName, props: { fontWeight: 'medium' } },
            {
              header: t('metadataIo.state'),
              cell: (each) => (
                <Badge colorPalette={STATE_COLORS[each.state]}>{t(STATE_LABELS[each.state])}</Badge>
              ),
            },
            {
              header: t('metadataIo.counts'),
              cell: (each) =>
                t('metadataIo.countsValue', {
                  rows: each.rows,
                  applied: each.applied,
                  unchanged: each.unchanged,
                  errors: each.errorCount,
                }),
            },
            { header: t('metadataIo.started'), cell: (each) => formatDate(each.createdAt, language) },
          ]}
        />
        {imports.data?.[0] && imports.data[0].errors.length > 0 && (
          <RowErrors
            title={t('metadataIo.lastErrors', { name: imports.data[0].fileName })}
            rows={imports.data[0].errors}
          />
        )}
      </Stack>
    </Stack>
  );
}

function PreviewResult({ preview }: { preview: ImportPreview }) {
  const { t } = usePreferences();
  return (
    <Stack gap="3" role="status">
      <Text fontWeight="medium">
        {t('metadataIo.previewSummary', {
          rows: preview.rows,
          changing: preview.changing,
          unchanged: preview.unchanged,
          errors: preview.errorCount,
        })}
      </Text>
      {preview.changes.length > 0 && (
        <DataTable
          label={t('metadataIo.changes')}
          rows={preview.changes}
          rowKey={(change) => `${change.row}:${change.key}`}
          columns={[
            { header: t('metadataIo.row'), cell: (change) => change.row },
            { header: t('metadataIo.asset'), cell: (change) => change.assetId },
            { header: t('metadataIo.field'), cell: (change) => change.key.replace(/^.*[/#]/, '') },
            { header: t('metadataIo.from'), cell: (change) => change.from },
            { header: t('metadataIo.to'), cell: (change) => change.to },
          ]}
        />
      )}
      {preview.errors.length > 0 && <RowErrors title={t('metadataIo.refusedRows')} rows={preview.errors} />}
    </Stack>
  );
}

function RowErrors({ title, rows }: { title: string; rows: ImportRowError[] }) {
  const { t, message } = usePreferences();
  return (
    <Stack gap="2">
      <Text fontWeight="medium">{title}</Text>
      <DataTable
        label={title}
        rows={rows}
        rowKey={(each) => `${each.row}:${each.field ?? ''}:${each.message}`}
        columns={[
          { header: t('metadataIo.row'), cell: (each) => each.row, props: { width: '20' } },
          { header: t('metadataIo.field'), cell: (each) => each.field?.replace(/^.*[/#]/, '') ?? '—' },
          { header: t('metadataIo.reason'), cell: (each) => message(each.message) },
        ]}
      />
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}

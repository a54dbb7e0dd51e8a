import { HStack } from '@chakra-ui/react';
import type { Layout } from '../../../api/metadata-io.ts';
import { METADATA_ENCODINGS, METADATA_FORMATS } from '../../../api/metadata-io.ts';
import { usePreferences } from '../app/preferences.tsx';
import { FormField } from '../components/form-field.tsx';
import { SelectField } from '../components/select-field.tsx';
import type { MessageKey } from '../i18n/messages-en.ts';

export type LayoutInput = Pick<Layout, 'format' | 'encoding'> & { delimiter: string; escape: string };

export const DEFAULT_LAYOUT: LayoutInput = { format: 'csv', encoding: 'utf-8', delimiter: ';', escape: '\\' };

const FORMAT_LABELS: Record<Layout['format'], MessageKey> = {
  csv: 'metadataIo.formatCsv',
  tab: 'metadataIo.formatTab',
  xml: 'metadataIo.formatXml',
  custom: 'metadataIo.formatCustom',
};
const ENCODING_LABELS: Record<Layout['encoding'], string> = {
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16',
  'iso-8859-1': 'ISO-8859-1',
  macroman: 'MacRoman',
};

/** The layout as the API takes it: the delimiter and escape character only for the custom format. */
export const layoutOf = (input: LayoutInput): Layout => ({
  format: input.format,
  encoding: input.encoding,
  ...(input.format === 'custom' ? { delimiter: input.delimiter, escape: input.escape } : {}),
});

/** R-METADATA-FORMATS: the format and encoding of an import or export file, with the custom format's characters. */
export function MetadataLayoutFields(props: {
  value: LayoutInput;
  onChange(value: LayoutInput): void;
  errors?: Partial<Record<'delimiter' | 'escape', string>>;
}) {
  const { t } = usePreferences();
  const { value, onChange } = props;
  return (
    <>
      <HStack gap="3" align="start" wrap="wrap">
        <SelectField
          label={t('metadataIo.format')}
          name="format"
          value={value.format}
          onValue={(format) => onChange({ ...value, format: format as Layout['format'] })}
          choices={METADATA_FORMATS.map((format) => ({ value: format, label: t(FORMAT_LABELS[format]) }))}
          fieldProps={{ width: '52' }}
        />
        <SelectField
          label={t('metadataIo.encoding')}
          name="encoding"
          value={value.encoding}
          onValue={(encoding) => onChange({ ...value, encoding: encoding as Layout['encoding'] })}
          choices={METADATA_ENCODINGS.map((encoding) => ({
            value: encoding,
            label: ENCODING_LABELS[encoding],
          }))}
          fieldProps={{ width: '40' }}
        />
      </HStack>
      {value.format === 'custom' && (
        <HStack gap="3" align="start">
          <FormField
            name="delimiter"
            label={t('metadataIo.delimiter')}
            value={value.delimiter}
            maxLength={1}
            required
            width="24"
            error={props.errors?.delimiter}
            onValue={(delimiter) => onChange({ ...value, delimiter })}
          />
          <FormField
            name="escape"
            label={t('metadataIo.escape')}
            value={value.escape}
            maxLength={1}
            required
            width="24"
            error={props.errors?.escape}
            onValue={(escapeChar) => onChange({ ...value, escape: escapeChar })}
          />
        </HStack>
      )}
    </>
  );
}

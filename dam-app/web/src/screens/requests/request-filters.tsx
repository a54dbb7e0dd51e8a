import { Flex } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field.tsx';

/** The filters above a list of requests: status and type, each a drop-down list. */
export function RequestFilters(props: {
  label: string;
  status: string;
  statusLabel: string;
  statuses: { value: string; label: string }[];
  onStatus(value: string): void;
  kind: string;
  kindLabel: string;
  kinds: { value: string; label: string }[];
  onKind(value: string): void;
}) {
  return (
    <Flex as="search" aria-label={props.label} gap="3" wrap="wrap" align="flex-end">
      <SelectField
        label={props.statusLabel}
        name="status"
        value={props.status}
        onValue={props.onStatus}
        choices={props.statuses}
        fieldProps={{ width: 'auto', minWidth: '48' }}
      />
      <SelectField
        label={props.kindLabel}
        name="kind"
        value={props.kind}
        onValue={props.onKind}
        choices={props.kinds}
        fieldProps={{ width: 'auto', minWidth: '48' }}
      />
    </Flex>
  );
}

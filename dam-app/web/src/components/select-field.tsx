import { Field, type FieldRootProps, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Choice {
  value: string | number;
  label: ReactNode;
}

export interface SelectProps {
  value: string | number;
  onValue(value: string): void;
  choices: readonly Choice[];
  /** A first choice meaning "none" (its value is ''). */
  none?: ReactNode;
  name?: string;
  /** Names a select that has no visible label. */
  'aria-label'?: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  width?: string;
}

/** A native select over a list of choices: the app's drop-down list (sort order, calendar unit, a destination…). */
export function Select({ value, onValue, choices, none, size, width, ...field }: SelectProps) {
  return (
    <NativeSelect.Root size={size} width={width}>
      <NativeSelect.Field {...field} value={String(value)} onChange={(event) => onValue(event.target.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={String(choice.value)}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A labelled {@link Select}, with its field message beside it. */
export function SelectField({
  label,
  helper,
  error,
  disabled,
  fieldProps,
  ...select
}: SelectProps & {
  label: string;
  /** A line under the select saying what the choice does. */
  helper?: string;
  error?: string | undefined;
  disabled?: boolean;
  /** The field's own layout (its width beside other fields). */
  fieldProps?: Pick<FieldRootProps, 'width' | 'minWidth'>;
}) {
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled} {...fieldProps}>
      <Field.Label>{label}</Field.Label>
      <Select {...select} />
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string | undefined;
  helper?: ReactNode;
  required?: boolean;
}

/** A labelled input with its R-FIELD-MESSAGES message beside it (from the shared schemas or the server's `fields`). */
export function FormField({ label, value, onValue, error, helper, required, ...input }: FormFieldProps) {
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        value={value}
        onChange={(event) => onValue(event.target.value)}
        variant={input.readOnly ? 'subtle' : 'outline'}
        {...input}
      />
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

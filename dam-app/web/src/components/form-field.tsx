import { Field, Input, type InputProps, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string | undefined;
  helper?: ReactNode;
  required?: boolean;
  /** A text of several lines (a description, a comment): a text area, `rows` high when given. */
  multiline?: boolean;
  rows?: number;
}

/** A labelled input with its R-FIELD-MESSAGES message beside it (from the shared schemas or the server's `fields`). */
export function FormField({
  label,
  value,
  onValue,
  error,
  helper,
  required,
  multiline,
  rows,
  ...input
}: FormFieldProps) {
  const variant = input.readOnly ? 'subtle' : 'outline';
  return (
    <Field.Root invalid={error !== undefined} required={required} disabled={input.disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea
          name={input.name}
          rows={rows}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          readOnly={input.readOnly}
          variant={variant}
        />
      ) : (
        <Input value={value} onChange={(event) => onValue(event.target.value)} variant={variant} {...input} />
      )}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

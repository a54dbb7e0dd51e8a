import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { FormEvent } from 'react';

/**
 * A `<form>` that leaves validation to the app (`noValidate`): the R-FIELD-MESSAGES messages come from the shared schemas and the
 * server, in the person's language, beside their fields, not from the browser's own bubbles.
 */
export function Form({ onSend, ...props }: Omit<HTMLChakraProps<'form'>, 'onSubmit'> & { onSend(): void }) {
  return (
    <chakra.form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSend();
      }}
      {...props}
    />
  );
}

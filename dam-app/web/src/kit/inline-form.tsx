import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Form } from '../components/form.tsx';
import { SubmitButton } from '../components/submit-button.tsx';

/** A one-line form above a list ("create a key by name", "invite by email"): its fields, then one button. */
export function InlineForm(props: {
  onSend(): void;
  submitLabel: string;
  busy?: boolean;
  /** The first field, which takes the free width. */
  main: ReactNode;
  /** Further fields before the button. */
  children?: ReactNode;
}) {
  return (
    <Form display="flex" gap="3" alignItems="flex-end" flexWrap="wrap" onSend={props.onSend}>
      <Box flex="1" minWidth="60" maxWidth={props.children ? 'sm' : 'md'}>
        {props.main}
      </Box>
      {props.children}
      <SubmitButton loading={props.busy}>{props.submitLabel}</SubmitButton>
    </Form>
  );
}

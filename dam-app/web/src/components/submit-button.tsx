import { Button, type ButtonProps } from '@chakra-ui/react';

/** A form's main button: it sends the form, in the app's accent colour, spinning (`loading`) while the form is sent. */
export function SubmitButton(props: Omit<ButtonProps, 'type'>) {
  return <Button type="submit" colorPalette="teal" {...props} />;
}

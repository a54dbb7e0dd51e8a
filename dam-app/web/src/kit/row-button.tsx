import { Button } from '@chakra-ui/react';

/**
 * A small button in a list row. Its visible text is the verb; `label` names the row too ("Delete Designers"), so a
 * screen reader going down the column hears which row each one acts on.
 */
export function RowButton(props: { text: string; label: string; danger?: boolean; onClick(): void }) {
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette={props.danger ? 'red' : undefined}
      onClick={props.onClick}
      aria-label={props.label}
    >
      {props.text}
    </Button>
  );
}

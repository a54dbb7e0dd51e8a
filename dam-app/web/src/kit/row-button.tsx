import { Button } from '@chakra-ui/react';
import { usePreferences } from '../app/preferences.tsx';

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

/** The Edit and Delete of a list row; `editLabel` names the row for screen readers ("Edit group Designers"). */
export function EditDeleteButtons(props: {
  name: string;
  editLabel: string;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = usePreferences();
  return (
    <>
      <RowButton text={t('app.edit')} label={props.editLabel} onClick={props.onEdit} />
      <RowButton
        danger
        text={t('app.delete')}
        label={`${t('app.delete')} ${props.name}`}
        onClick={props.onDelete}
      />
    </>
  );
}

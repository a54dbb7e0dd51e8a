import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ErrorAlert } from '../components/feedback.tsx';
import { FormField } from '../components/form-field.tsx';
import { useForm } from '../components/use-form.ts';
import { ActionDialog } from './action-dialog.tsx';

/**
 * A dialog that asks for one name (new cart, rename a cart, an asset or a folder): the shared schema checks it
 * here, the server's message appears beside it or above it, and `onSaved` runs with what the server answered.
 */
export function NameDialog<S extends z.ZodType, R>(props: {
  open?: boolean;
  title: string;
  submitLabel: string;
  label: string;
  /** The field's name, as the schema and the server know it. */
  field?: string;
  initial?: string;
  /** The shared schema the request body must pass; `body` builds that body from the name. */
  schema: S;
  body?(name: string): unknown;
  save(checked: z.output<S>): Promise<R>;
  onSaved(saved: R): void | Promise<void>;
  onClose(): void;
  /** A failure that names no field is shown under the name instead of above it. */
  errorUnderName?: boolean;
  closeButton?: boolean;
  size?: 'sm' | 'md';
}) {
  const field = props.field ?? 'name';
  const form = useForm({ name: props.initial ?? '' });
  const save = useMutation({
    mutationFn: props.save,
    onSuccess: (saved) => props.onSaved(saved),
    onError: form.fail,
  });
  const submit = () => {
    const name = form.values.name;
    const checked = form.check(props.schema, props.body ? props.body(name) : { [field]: name });
    if (checked !== undefined) save.mutate(checked);
  };
  const fieldError = form.errors[field];
  return (
    <ActionDialog
      open={props.open ?? true}
      title={props.title}
      submitLabel={props.submitLabel}
      busy={save.isPending}
      onSubmit={submit}
      onClose={props.onClose}
      size={props.size ?? 'sm'}
      closeButton={props.closeButton}
    >
      {!props.errorUnderName && <ErrorAlert error={form.formError} />}
      <FormField
        label={props.label}
        name={field}
        value={form.values.name}
        onValue={(value) => form.set('name', value)}
        error={props.errorUnderName ? (fieldError ?? form.formError) : fieldError}
        required
        autoFocus
      />
    </ActionDialog>
  );
}

import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { ErrorAlert } from '../components/feedback.tsx';
import { FormField } from '../components/form-field.tsx';
import { useForm } from '../components/use-form.ts';
import { ActionDialog } from './action-dialog.tsx';

const NEW = 'new';

/**
 * Put something into one of my sets (add assets to a cart or a collection): pick one from a list, or choose
 * "New …" and name it, the name checked with the shared schema first. The first set is picked until the person
 * picks another; with none, a new one.
 */
export function PickOrCreateDialog<T extends { id: number }, R>(props: {
  open: boolean;
  title: string;
  submitLabel: string;
  intro: string;
  notice?: ReactNode;
  pickLabel: string;
  /** The select's form name. */
  name: string;
  newOption: string;
  nameLabel: string;
  choices: readonly T[];
  choiceLabel(choice: T): string;
  loading: boolean;
  loadError: unknown;
  disabled?: boolean;
  nameSchema: z.ZodType;
  /** Adds to the picked set, or to a new one by that name. */
  add(picked: T | undefined, name: string): Promise<R>;
  onAdded(result: R): void;
  onClose(): void;
}) {
  const [picked, setPicked] = useState<string | undefined>();
  const choice = picked ?? (props.choices[0] ? String(props.choices[0].id) : NEW);
  const form = useForm({ name: '' });
  const add = useMutation({
    mutationFn: () =>
      props.add(
        props.choices.find((each) => String(each.id) === choice),
        form.values.name,
      ),
    onSuccess: (result) => {
      props.onAdded(result);
      props.onClose();
    },
    onError: form.fail,
  });
  const submit = () => {
    if (choice === NEW && !form.check(props.nameSchema, form.values)) return;
    add.mutate();
  };
  return (
    <ActionDialog
      open={props.open}
      title={props.title}
      submitLabel={props.submitLabel}
      busy={add.isPending}
      disabled={props.disabled || props.loading}
      onSubmit={submit}
      onClose={props.onClose}
      size="sm"
    >
      {props.notice}
      <Text>{props.intro}</Text>
      <ErrorAlert error={form.formError ?? props.loadError ?? undefined} />
      <Field.Root>
        <Field.Label>{props.pickLabel}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name={props.name}
            value={choice}
            onChange={(event) => setPicked(event.target.value)}
          >
            {props.choices.map((each) => (
              <option key={each.id} value={String(each.id)}>
                {props.choiceLabel(each)}
              </option>
            ))}
            <option value={NEW}>{props.newOption}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {choice === NEW && <FormField {...form.field('name')} label={props.nameLabel} required />}
    </ActionDialog>
  );
}

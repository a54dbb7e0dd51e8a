import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiFailure } from '../api/api-failure.ts';
import { usePreferences } from '../app/preferences.tsx';
import { addLeaveGuard } from '../router/leave-guard.ts';
import { type FieldErrors, fieldErrorsOf } from './field-errors.ts';

export type { FieldErrors } from './field-errors.ts';

type FormError = { network: true } | { text: string };
/** The keys of a form's values that hold text. */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** Keyboard and screen-reader users land on the first field that needs fixing. */
function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus());
}

/**
 * A form's values, its field messages and its dirty state. `check` validates with a shared schema before sending;
 * `fail` shows what the server answered (its `fields` beside the inputs, else `user_message` above the form).
 * While `guard` is on and values differ from the last saved ones, leaving asks first.
 */
export function useForm<T extends Record<string, unknown>>(initial: T, options: { guard?: boolean } = {}) {
  const { message, t } = usePreferences();
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  // Messages are kept as the schema or server gave them and put in the person's language on each render, so
  // switching language with a message on screen switches the message too.
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormError | undefined>();
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    if (!options.guard || !dirty) return;
    const remove = addLeaveGuard(() => tRef.current('app.unsaved'));
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      remove();
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [options.guard, dirty]);

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key as string]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  const check = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | undefined => {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      setFormError(undefined);
      return result.data;
    }
    setErrors(fieldErrorsOf(result.error));
    focusFirstInvalid();
    return undefined;
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiFailure) {
      setErrors(error.fields);
      focusFirstInvalid();
      setFormError(
        error.code === 'network'
          ? { network: true }
          : Object.keys(error.fields).length
            ? undefined
            : { text: error.userMessage },
      );
    } else setFormError({ text: String(error) });
  };

  const reset = useCallback((next: T) => {
    setValues(next);
    setSaved(next);
    setErrors({});
    setFormError(undefined);
  }, []);

  const shownErrors = Object.fromEntries(
    Object.entries(errors).map(([key, text]) => [key, message(text)]),
  ) as FieldErrors;

  return {
    values,
    set,
    /** A text field's props for {@link FormField}: its name, value, change handler and message. */
    field: <K extends TextKey<T>>(key: K) => ({
      name: key,
      value: values[key] as string,
      onValue: (value: string) => set(key, value as T[K]),
      error: shownErrors[key],
    }),
    errors: shownErrors,
    formError: formError && ('network' in formError ? t('app.networkError') : message(formError.text)),
    dirty,
    check,
    fail,
    reset,
    markSaved: () => setSaved(values),
  };
}

import { type QueryKey, useMutation } from '@tanstack/react-query';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { useRefresh } from './use-refresh.ts';

interface SaveForm {
  fail(error: unknown): void;
  markSaved(): void;
}

/**
 * The save of an editor or name dialog: on success the form counts as saved (leaving no longer asks), the lists
 * named in `refresh` load again, "Saved …" is shown and `onSaved` runs; on failure the form shows the server's
 * messages beside its fields.
 */
export function useSave<B, R>(options: {
  form: SaveForm;
  save(body: B): Promise<R>;
  refresh: readonly QueryKey[];
  nameOf(saved: R): string;
  onSaved?(saved: R): void;
  /** The success toast; "Saved {name}." unless told otherwise. */
  toast?(saved: R): string;
}) {
  const { t } = usePreferences();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: options.save,
    onSuccess: (saved) => {
      options.form.markSaved();
      refresh(options.refresh);
      const title = options.toast
        ? options.toast(saved)
        : t('app.savedItem', { name: options.nameOf(saved) });
      toaster.create({ type: 'success', title });
      options.onSaved?.(saved);
    },
    onError: options.form.fail,
  });
}

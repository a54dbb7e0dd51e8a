import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../components/feedback.tsx';

/**
 * Ask before an action on one item (delete, withdraw…): `ask(item)` opens the confirm dialog, whose button runs
 * the action; the dialog stays open with the server's message when it fails, and closes when it succeeds.
 */
export function useConfirm<T, R>(options: {
  run(item: T): Promise<R>;
  done?(result: R, item: T): void;
  title: string | ((item: T) => string);
  body(item: T): ReactNode;
  confirmLabel: string;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const action = useMutation({
    mutationFn: (item: T) => options.run(item),
    onSuccess: (result, item) => {
      setTarget(null);
      options.done?.(result, item);
    },
  });
  const ask = (item: T) => {
    action.reset();
    setTarget(item);
  };
  const title = typeof options.title === 'string' ? options.title : target ? options.title(target) : '';
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={title}
      body={target === null ? '' : options.body(target)}
      confirmLabel={options.confirmLabel}
      busy={action.isPending}
      error={action.error}
      onConfirm={() => target !== null && action.mutate(target)}
      onClose={() => setTarget(null)}
    />
  );
  return { ask, dialog, pending: action.isPending };
}

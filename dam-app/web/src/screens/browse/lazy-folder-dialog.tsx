import { type ComponentProps, lazy, Suspense } from 'react';

// The folder dialogs (create, rename, move, delete: forms and a destination picker) load when one first opens, not
// with the shell and the folder screen.
const Loaded = lazy(() =>
  import('./folder-dialogs.tsx').then((module) => ({ default: module.FolderDialog })),
);

/** {@link import('./folder-dialogs.tsx').FolderDialog}, loaded on first use. */
export function FolderDialog(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}

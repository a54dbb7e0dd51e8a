import { useState } from 'react';

/**
 * Which item an editor is open on: none, a new one, or an existing one. `key` remounts the editor per item so its
 * form starts from that item's values.
 */
export function useEditing<T extends { id: number | string }>() {
  const [target, setTarget] = useState<{ item?: T } | null>(null);
  return {
    open: target !== null,
    item: target?.item,
    key: target?.item?.id ?? 'new',
    create: () => setTarget({}),
    edit: (item: T) => setTarget({ item }),
    close: () => setTarget(null),
  };
}

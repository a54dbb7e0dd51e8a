import { Menu } from '@chakra-ui/react';
import type { MenuExtra } from './browse-extensions.tsx';

/** The entries other features add to a menu, after a separator when `separated` and there are any. */
export function ExtraMenuItems({ extras, separated }: { extras: readonly MenuExtra[]; separated?: boolean }) {
  return (
    <>
      {separated && extras.length > 0 && <Menu.Separator />}
      {extras.map((extra) => (
        <Menu.Item key={extra.id} value={extra.id} disabled={extra.disabled} onSelect={extra.onSelect}>
          {extra.label}
        </Menu.Item>
      ))}
    </>
  );
}

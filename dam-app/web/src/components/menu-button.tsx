import { Button, Menu, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A toolbar's drop-down menu: an outline button named `label` with its ▾, opening `children` (the menu's content). */
export function MenuButton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          {label} <span aria-hidden="true">▾</span>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>{children}</Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

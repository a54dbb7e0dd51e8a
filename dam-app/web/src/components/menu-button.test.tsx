// @vitest-environment happy-dom
import { Menu } from '@chakra-ui/react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test-support/render-screen.tsx';
import { MenuButton } from './menu-button.tsx';

describe('MenuButton', () => {
  it('is a button named by its label that opens its entries', async () => {
    renderScreen(
      <MenuButton label="Folder actions">
        <Menu.Content>
          <Menu.Item value="rename">Rename</Menu.Item>
        </Menu.Content>
      </MenuButton>,
    );
    const button = screen.getByRole('button', { name: /Folder actions/ });
    expect(button.textContent).toBe('Folder actions ▾');
    fireEvent.click(button);
    expect((await screen.findByRole('menuitem', { name: 'Rename' })).textContent).toBe('Rename');
  });
});

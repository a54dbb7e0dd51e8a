import { Menu, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AssetView } from '../../../../api/assets.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { MenuButton } from '../../components/menu-button.tsx';
import { useBrowseExtensions } from './browse-extensions.tsx';
import { ExtraMenuItems } from './extra-menu-items.tsx';
import { SELECTION_ACTION_LABELS, type SelectionAction } from './selection-dialogs.tsx';

interface SelectionMenuProps {
  /** The selected assets that are loaded (a CSV can select more than the list has loaded yet). */
  selected: readonly AssetView[];
  count: number;
  onSelectAll(): void;
  onClear(): void;
  onBulkSelect(): void;
  /** What this person may do with the selection (the asset screens' dialogs). */
  actions: readonly SelectionAction[];
  onAction(action: SelectionAction): void;
}

function MenuItems(props: SelectionMenuProps) {
  const { t } = usePreferences();
  const { assetMenuItems } = useBrowseExtensions();
  const extras = props.selected.length ? assetMenuItems(props.selected) : [];
  const only = props.selected.length === 1 ? props.selected[0] : undefined;
  // Restore is offered when the selection holds an archive proxy (R-ARCHIVE-SELECTION).
  const proxies = props.selected.some((asset) => asset.archiveState === 'archived');
  const actions = props.actions.filter((action) => action !== 'restore-archive' || proxies);
  return (
    <Menu.Content minWidth="56">
      {only && (
        <Menu.Item value="open" onSelect={() => navigate({ name: 'asset', id: only.id })}>
          {t('browse.open')}
        </Menu.Item>
      )}
      <Menu.Item value="select-all" onSelect={props.onSelectAll}>
        {t('browse.selectAll')}
      </Menu.Item>
      <Menu.Item value="clear" disabled={props.count === 0} onSelect={props.onClear}>
        {t('browse.clearSelection')}
      </Menu.Item>
      <Menu.Item value="bulk-select" onSelect={props.onBulkSelect}>
        {t('browse.bulkSelect')}
      </Menu.Item>
      {props.count > 0 && actions.length > 0 && <Menu.Separator />}
      {props.count > 0 &&
        actions.map((action) => (
          <Menu.Item key={action} value={`selection-${action}`} onSelect={() => props.onAction(action)}>
            {t(SELECTION_ACTION_LABELS[action])}
          </Menu.Item>
        ))}
      <ExtraMenuItems extras={extras} separated />
    </Menu.Content>
  );
}

/** The asset actions menu: a button in the toolbar, and the same entries on right-click over the results. */
export function SelectionMenu(props: SelectionMenuProps) {
  const { t } = usePreferences();
  return (
    <MenuButton label={t('browse.assetActions')}>
      <MenuItems {...props} />
    </MenuButton>
  );
}

export function SelectionContextMenu(props: SelectionMenuProps & { children: ReactNode }) {
  const { children, ...rest } = props;
  return (
    <Menu.Root>
      <Menu.ContextTrigger asChild>
        <div>{children}</div>
      </Menu.ContextTrigger>
      <Portal>
        <Menu.Positioner>
          <MenuItems {...rest} />
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

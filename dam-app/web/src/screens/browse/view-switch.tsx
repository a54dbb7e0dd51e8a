import { Button, Group } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { BROWSE_VIEWS, type BrowseView } from '../../app/routes.tsx';

/** Tile, List, Calendar and Text: toggle buttons, the pressed one is the view shown. */
export function ViewSwitch({ view, onView }: { view: BrowseView; onView(next: BrowseView): void }) {
  const { t } = usePreferences();
  return (
    <Group attached role="group" aria-label={t('browse.view')}>
      {BROWSE_VIEWS.map((each) => (
        <Button
          key={each}
          size="sm"
          variant={each === view ? 'solid' : 'outline'}
          colorPalette={each === view ? 'teal' : 'gray'}
          aria-pressed={each === view}
          onClick={() => onView(each)}
        >
          {t(`browse.view.${each}`)}
        </Button>
      ))}
    </Group>
  );
}

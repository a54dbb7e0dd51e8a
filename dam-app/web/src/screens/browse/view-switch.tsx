import { Button, Group } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { BROWSE_VIEWS, type BrowseView } from '../../router/routes.ts';

/** Tile, List, Calendar and Text (those the workspace shows): toggle buttons, the pressed one is the view shown. */
export function ViewSwitch({
  view,
  views = BROWSE_VIEWS,
  onView,
}: {
  view: BrowseView;
  views?: readonly BrowseView[];
  onView(next: BrowseView): void;
}) {
  const { t } = usePreferences();
  if (views.length < 2) return null;
  return (
    <Group attached role="group" aria-label={t('browse.view')}>
      {views.map((each) => (
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

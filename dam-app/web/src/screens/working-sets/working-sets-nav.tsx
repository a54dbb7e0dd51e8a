import { Button, HStack } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { usePreferences } from '../../app/preferences.tsx';
import { useRoute } from '../../app/use-route.ts';
import { Link } from '../../components/link.tsx';
import { navEntries } from '../../router/routes.ts';

// The trash loads when it is opened, not with every screen's header.
const TrashDialog = lazy(() =>
  import('../../asset-widgets/trash-dialog.tsx').then((module) => ({ default: module.TrashDialog })),
);

const LINKS = navEntries('header');

/** The header's links to the working sets (R-SCREEN-LABELS): Collections, Carts, Loading Dock; and the trash, to restore from. */
export function WorkingSetsNav() {
  const { t } = usePreferences();
  const route = useRoute();
  const [trash, setTrash] = useState(false);
  const links = LINKS.map((link) => ({
    to: link.to,
    label: t(link.label),
    active: link.activeFor.includes(route.name),
  }));
  return (
    <HStack as="nav" aria-label={t('workingSets.nav')} gap="3" fontSize="sm">
      {links.map((link) => (
        <Link
          key={link.to.name}
          to={link.to}
          color="dam.headerFg"
          fontWeight={link.active ? 'bold' : 'medium'}
          textDecoration={link.active ? 'underline' : undefined}
          aria-current={link.active ? 'page' : undefined}
          whiteSpace="nowrap"
        >
          {link.label}
        </Link>
      ))}
      <Button
        variant="plain"
        size="sm"
        px="0"
        color="dam.headerFg"
        fontWeight="medium"
        data-trash-button=""
        onClick={() => setTrash(true)}
      >
        {t('trash.title')}
      </Button>
      {trash && (
        <Suspense fallback={null}>
          <TrashDialog open onClose={() => setTrash(false)} />
        </Suspense>
      )}
    </HStack>
  );
}

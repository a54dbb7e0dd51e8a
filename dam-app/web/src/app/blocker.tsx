import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PreferencePickers } from '../components/preference-pickers.tsx';
import { usePreferences } from './preferences.tsx';

/** A whole-page message that stops the app: cookies disabled, no connection, a page that does not exist. */
export function Blocker({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = usePreferences();
  return (
    <Center as="main" id="main" minHeight="100dvh" bg="dam.panel" px="4">
      <Stack gap="4" maxWidth="lg" textAlign="center" align="center" role="alert">
        <Text fontWeight="bold" color="teal.fg">
          {t('app.name')}
        </Text>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
        {action}
        <PreferencePickers />
      </Stack>
    </Center>
  );
}

export function ReloadButton() {
  const { t } = usePreferences();
  return (
    <Button colorPalette="teal" onClick={() => window.location.reload()}>
      {t('app.reload')}
    </Button>
  );
}

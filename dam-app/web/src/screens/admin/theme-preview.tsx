import {
  Badge,
  Box,
  Button,
  ChakraProvider,
  Flex,
  Heading,
  HStack,
  Image,
  Link,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMemo } from 'react';
import type { ThemeMode } from '../../../../api/themes.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { type ThemeLook, themeSystem } from '../../app/theme-system.ts';

const SCOPE = '[data-theme-preview]';

/**
 * R-THEMES: a sample of the shell drawn with the theme being edited — header, Places, a heading, text, a link, brand
 * and outline buttons, a table and an asset card — through a Chakra system of its own whose tokens sit on this box
 * only, so the page around keeps the DAM's look. It changes as the tokens do.
 */
export function ThemePreview({
  look,
  mode,
  name,
  logo,
}: {
  look: ThemeLook;
  mode: ThemeMode;
  name: string;
  logo?: string | undefined;
}) {
  const { t } = usePreferences();
  const key = JSON.stringify([look, mode]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the look and mode, compared by value.
  const system = useMemo(() => themeSystem(look, mode, SCOPE), [key]);
  return (
    <ChakraProvider value={system}>
      <Box
        data-theme-preview=""
        data-mode={mode}
        role="region"
        aria-label={t('theme.preview')}
        borderWidth="1px"
        rounded="md"
        overflow="hidden"
        bg="bg"
        color="fg"
      >
        <Flex as="header" bg="dam.header" color="dam.headerFg" px="4" py="2" gap="3" align="center">
          {logo ? (
            <Image src={logo} alt={name} height="6" maxWidth="32" />
          ) : (
            <Text fontWeight="bold" fontFamily="heading">
              {name || t('app.name')}
            </Text>
          )}
          <Text fontSize="sm">{t('theme.sample.library')}</Text>
        </Flex>
        <Flex>
          <Box bg="dam.panel" color="fg.muted" width="32" p="3" fontSize="sm">
            <Text>{t('theme.sample.places')}</Text>
          </Box>
          <Stack p="4" gap="3" flex="1" minWidth="0">
            <Heading as="h3" size="md">
              {t('theme.sample.library')}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {t('theme.sample.count')}
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button size="sm" colorPalette="teal">
                {t('theme.sample.upload')}
              </Button>
              <Button size="sm" variant="outline">
                {t('theme.sample.share')}
              </Button>
              <Link href="#preview" color="teal.fg" onClick={(event) => event.preventDefault()}>
                {t('theme.sample.link')}
              </Link>
            </HStack>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('theme.sample.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('theme.sample.size')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                <Table.Row>
                  <Table.Cell>harbour.jpg</Table.Cell>
                  <Table.Cell>2.4 MB</Table.Cell>
                </Table.Row>
                <Table.Row>
                  <Table.Cell>brief.pdf</Table.Cell>
                  <Table.Cell>180 KB</Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
            <HStack bg="bg.subtle" rounded="md" p="3" gap="3" align="start" maxWidth="xs">
              <Box bg="fg.muted" width="16" height="12" rounded="sm" />
              <Stack gap="1">
                <Text fontWeight="medium">harbour.jpg</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('theme.sample.card')}
                </Text>
                <Badge colorPalette="teal" variant="solid" alignSelf="start">
                  JPG
                </Badge>
              </Stack>
            </HStack>
          </Stack>
        </Flex>
      </Box>
    </ChakraProvider>
  );
}

import { Box, Flex, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { usePreferences } from '../app/preferences.tsx';

/** R-LOADING-MASK: the set-up mask is dropped after 12 s whatever happens. */
export const MASK_TIMEOUT_MS = 12_000;

/** R-LOADING-MASK loading mask while a transfer is set up; it never outlives {@link MASK_TIMEOUT_MS}. */
export function LoadingMask({ active }: { active: boolean }) {
  const { t } = usePreferences();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    setExpired(false);
    if (!active) return;
    const timer = setTimeout(() => setExpired(true), MASK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [active]);
  if (!active || expired) return null;
  return (
    <Flex
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="blackAlpha.400"
      align="center"
      justify="center"
      role="status"
      aria-live="polite"
      data-testid="loading-mask"
    >
      <Box bg="bg" px="6" py="4" borderRadius="md" boxShadow="lg">
        <Flex gap="3" align="center">
          <Spinner size="sm" />
          <Text>{t('transfer.settingUp')}</Text>
        </Flex>
      </Box>
    </Flex>
  );
}

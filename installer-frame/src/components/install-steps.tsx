import { Box, Button, Heading, List } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { Translate } from '../i18n/translate.ts';
import type { Look } from '../theme/looks.ts';

/** The full-size how-to panel of the install dialog; the frame asks the parent for `100%` while it is open. */
export function InstallSteps({ t, look, onBack }: { t: Translate; look: Look; onBack(): void }) {
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-labelledby="rapid-steps-heading"
      maxW="600px"
      mx="auto"
      mt="10vh"
      p="6"
      bg={look.background}
      color={look.text}
      boxShadow={look.shadow}
    >
      <Heading as="h2" size="md" id="rapid-steps-heading" mb="3">
        {t('install.steps')}
      </Heading>
      <List.Root as="ol" ps="5" gap="2" mb="4">
        <List.Item>{t('install.step1')}</List.Item>
        <List.Item>{t('install.step2')}</List.Item>
        <List.Item>{t('install.step3')}</List.Item>
      </List.Root>
      <Button
        ref={back}
        size="sm"
        bg={look.accent}
        color={look.accentText}
        borderRadius={look.radius}
        onClick={onBack}
      >
        {t('install.back')}
      </Button>
    </Box>
  );
}

import { Box, CloseButton, Flex, Heading, HStack, Spinner, Text } from '@chakra-ui/react';
import { DIALOGS } from '../dialogs/dialog-spec.ts';
import type { Translate } from '../i18n/translate.ts';
import { sendToParent } from '../messages/frame-event.ts';
import type { DialogState } from '../messages/parent-message.ts';
import type { FrameState } from '../state/frame-state.ts';
import { shortVersion } from '../state/frame-state.ts';
import type { Look } from '../theme/looks.ts';
import { ActionButton } from './action-button.tsx';

interface Props {
  dialog: DialogState;
  state: FrameState;
  t: Translate;
  look: Look;
  onHowTo(): void;
}

/** The banner for one dialog kind: heading, one line of help, its actions and a close button. */
export function Banner({ dialog, state, t, look, onHowTo }: Props) {
  const spec = DIALOGS[dialog];
  const version = shortVersion(state.downloadVersion);
  return (
    <Flex
      as="section"
      aria-labelledby="rapid-heading"
      align="flex-start"
      gap="3"
      px="4"
      py="3"
      bg={look.background}
      color={look.text}
      fontFamily={look.font}
      boxShadow={look.shadow}
      borderLeft={look.borderLeft}
      borderBottom={look.borderBottom}
    >
      {spec.indicator === 'busy' && <Spinner size="sm" mt="1" color={look.link} aria-hidden="true" />}
      {spec.indicator === 'done' && (
        <Text as="span" aria-hidden="true" fontWeight="bold" color={look.text}>
          ✓
        </Text>
      )}
      <Box flex="1" minW="0">
        <Heading as="h1" id="rapid-heading" fontSize="md" lineHeight="short" fontWeight="semibold">
          {t(spec.heading)}
        </Heading>
        <Text fontSize="sm" color={look.muted} aria-live="polite">
          {t(spec.body)}
        </Text>
        {spec.actions.length > 0 && (
          <HStack mt="2" gap="2" wrap="wrap">
            {spec.actions.map((action) => (
              <ActionButton
                key={action.label}
                action={action}
                label={t(action.label, { version })}
                look={look}
                downloadLink={state.downloadLink}
                onHowTo={onHowTo}
              />
            ))}
          </HStack>
        )}
      </Box>
      <CloseButton
        size="sm"
        color={look.text}
        aria-label={t('dismiss')}
        onClick={() => {
          sendToParent('connect_bar_removed');
          sendToParent('removeiframe');
        }}
      />
    </Flex>
  );
}

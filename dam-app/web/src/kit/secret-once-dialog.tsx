import { Button, Clipboard, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { Modal } from '../components/modal.tsx';

/**
 * A secret the server shows this once (an API key, a feed's address, a share's link): what it is, why it is shown
 * once, the value read-only with Copy, and Close. Open while `secret` is not null.
 */
export function SecretOnceDialog(props: {
  secret: string | null;
  title: string;
  body: string;
  /** Names the value's field for tests (`data-testid`). */
  testId: string;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const { secret, onClose } = props;
  return (
    <Modal
      open={secret !== null}
      size="lg"
      onClose={() => onClose()}
      title={props.title}
      footer={
        <Button colorPalette="teal" onClick={onClose}>
          {t('app.close')}
        </Button>
      }
    >
      <Stack gap="3">
        <Text>{props.body}</Text>
        <Clipboard.Root
          value={secret ?? ''}
          onStatusChange={(details) =>
            details.copied && toaster.create({ type: 'success', title: t('app.copied') })
          }
        >
          <Flex gap="2">
            <Input
              readOnly
              value={secret ?? ''}
              fontFamily="mono"
              aria-label={props.title}
              data-testid={props.testId}
            />
            <Clipboard.Trigger asChild>
              <Button variant="outline">
                <Clipboard.Indicator copied={t('app.copiedShort')}>{t('app.copy')}</Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          </Flex>
        </Clipboard.Root>
      </Stack>
    </Modal>
  );
}

import { Button, Clipboard, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { Modal } from '../../components/modal.tsx';

/** The feed's secret address, shown once (made or given a new key), with Copy. */
export function FeedUrlDialog({ url, onClose }: { url: string | null; onClose(): void }) {
  const { t } = usePreferences();
  return (
    <Modal
      open={url !== null}
      size="lg"
      onClose={() => onClose()}
      title={t('feeds.urlTitle')}
      footer={
        <Button colorPalette="teal" onClick={onClose}>
          {t('app.close')}
        </Button>
      }
    >
      <Stack gap="3">
        <Text>{t('feeds.urlBody')}</Text>
        <Clipboard.Root
          value={url ?? ''}
          onStatusChange={(details) =>
            details.copied && toaster.create({ type: 'success', title: t('app.copied') })
          }
        >
          <Flex gap="2">
            <Input
              readOnly
              value={url ?? ''}
              fontFamily="mono"
              aria-label={t('feeds.urlTitle')}
              data-testid="feed-url"
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

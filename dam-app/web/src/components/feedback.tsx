import { Alert, Button, EmptyState, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ApiFailure } from '../api/api-failure.ts';
import { usePreferences } from '../app/preferences.tsx';
import { Modal } from './modal.tsx';

/** A failure above a form or a list: the server's `user_message`, in the person's language. */
export function ErrorAlert({ error, children }: { error?: unknown; children?: ReactNode }) {
  const { message, t } = usePreferences();
  if (!error && !children) return null;
  const text =
    error instanceof ApiFailure
      ? error.code === 'network'
        ? t('app.networkError')
        : message(error.userMessage)
      : typeof error === 'string'
        ? error
        : error
          ? message(String((error as Error).message ?? error))
          : undefined;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {text && <Alert.Title>{text}</Alert.Title>}
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

export function Notice({
  status = 'info',
  children,
}: {
  status?: 'info' | 'success' | 'warning';
  children: ReactNode;
}) {
  return (
    <Alert.Root status={status} role="status">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

export function Empty({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Rows of placeholders while a list loads. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = usePreferences();
  return (
    <Stack gap="3" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={index} height="8" />
      ))}
    </Stack>
  );
}

/** Asks before an action that cannot be undone; stays open with the server's message when the action fails. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: unknown;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  return (
    <Modal
      role="alertdialog"
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('app.cancel')}
          </Button>
          <Button colorPalette="red" loading={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{props.body}</Text>
        <ErrorAlert error={props.error} />
      </Stack>
    </Modal>
  );
}

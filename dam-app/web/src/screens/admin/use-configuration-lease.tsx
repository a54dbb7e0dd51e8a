import { Alert } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LEASE_RENEW_SECONDS } from '../../../../api/configuration-lease.ts';
import {
  releaseConfigurationLease,
  takeConfigurationLease,
} from '../../../../api/contract/configuration-lease-endpoints.ts';
import { MESSAGES } from '../../../../api/messages.ts';
import { api } from '../../api/api-client.ts';
import { ApiFailure } from '../../api/api-failure.ts';
import { usePreferences } from '../../app/preferences.tsx';

/**
 * R-CONFIGURATOR-LEASE: while an editor of `scope` is open, hold its lease (taken at once, renewed every
 * LEASE_RENEW_SECONDS, given back on close). Answers who else holds it, when another administrator does.
 */
export function useConfigurationLease(scope: string | undefined): { heldBy: string | undefined } {
  const [heldBy, setHeldBy] = useState<string | undefined>();
  useEffect(() => {
    if (!scope) return;
    let held = false;
    const take = () =>
      api.call(takeConfigurationLease, { body: { scope } }).then(
        () => {
          held = true;
          setHeldBy(undefined);
        },
        (error: unknown) => {
          if (error instanceof ApiFailure && error.code === 'configuring')
            setHeldBy(String(error.details.holder ?? ''));
        },
      );
    void take();
    const timer = setInterval(take, LEASE_RENEW_SECONDS * 1000);
    return () => {
      clearInterval(timer);
      if (held) void api.call(releaseConfigurationLease, { body: { scope } }).catch(() => {});
    };
  }, [scope]);
  return { heldBy };
}

/** The notice a second administrator sees: the spec's text and who is configuring. */
export function LeaseNotice({ heldBy }: { heldBy: string | undefined }) {
  const { t, message } = usePreferences();
  if (heldBy === undefined) return null;
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message(MESSAGES.anotherConfigurator)}</Alert.Title>
        <Alert.Description>{t('lease.heldBy', { name: heldBy })}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

import { Button, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { switchAcl as switchAclEndpoint } from '../../../../api/contract/access-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { ApiFailure } from '../../api/api-failure.ts';
import { useSetSession } from '../../api/session.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Modal } from '../../components/modal.tsx';
import { LIBRARY_KEY } from '../browse/browse-queries.ts';
import { useLogout } from './use-logout.ts';

interface Alternative {
  id: number;
  name: string;
}

function alternativesOf(failure: ApiFailure): Alternative[] {
  const list = failure.details.alternatives;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (each): each is Alternative =>
      typeof each === 'object' &&
      each !== null &&
      typeof each.id === 'number' &&
      typeof each.name === 'string',
  );
}

/**
 * The ACL switcher (R-ACL-SWITCH, R-ACL-ROOT-MISSING). When an ACL's root path is missing the server answers `acl_root_missing` with the
 * ACLs whose roots exist; the person picks one of them or logs out.
 */
export function AclSwitcher({ session }: { session: SessionView }) {
  const { t, spec, message } = usePreferences();
  const setSession = useSetSession();
  const client = useQueryClient();
  const logout = useLogout();
  const [missing, setMissing] = useState<Alternative[] | null>(
    session.aclRootMissing
      ? session.acls.filter((acl) => acl.id !== session.acl?.id).map(({ id, name }) => ({ id, name }))
      : null,
  );
  const switchAcl = useMutation({
    mutationFn: (aclId: number) => api.call(switchAclEndpoint, { body: { aclId } }),
    onSuccess: (next) => {
      setMissing(null);
      setSession(next);
      // Another ACL is another library: its folders, results and keywords are fetched afresh from its root.
      client.removeQueries({ queryKey: LIBRARY_KEY });
      navigate({ name: 'home' }, { force: true });
      toaster.create({ type: 'success', title: t('shell.aclSwitched', { name: next.acl?.name ?? '' }) });
    },
    onError: (error) => {
      if (error instanceof ApiFailure && error.code === 'acl_root_missing') setMissing(alternativesOf(error));
      else
        toaster.create({ type: 'error', title: message((error as ApiFailure).userMessage ?? String(error)) });
    },
  });
  if (session.acls.length === 0) return null;
  return (
    <>
      <NativeSelect.Root size="sm" width={{ base: '36', md: '44' }} disabled={switchAcl.isPending}>
        <NativeSelect.Field
          aria-label={t('shell.switchAcl')}
          value={session.acl?.id ?? ''}
          onChange={(event) => switchAcl.mutate(Number(event.target.value))}
          color="dam.headerFg"
          borderColor="whiteAlpha.500"
          css={{ '& option': { color: 'fg', background: 'bg' } }}
        >
          {session.acl === null && <option value="">{t('shell.switchAcl')}</option>}
          {session.acls.map((acl) => (
            <option key={acl.id} value={acl.id}>
              {acl.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator color="dam.headerFg" />
      </NativeSelect.Root>
      <Modal
        role="alertdialog"
        open={missing !== null}
        onClose={() => setMissing(null)}
        title={spec('aclRootMissing')}
        footer={
          <>
            <Button variant="outline" onClick={() => setMissing(null)}>
              {t('app.cancel')}
            </Button>
            <Button colorPalette="red" onClick={() => logout.mutate()} loading={logout.isPending}>
              {t('shell.logout')}
            </Button>
          </>
        }
      >
        <Stack gap="3">
          {missing && missing.length > 0 && <Text>{t('shell.aclAlternatives')}</Text>}
          {missing?.map((acl) => (
            <Button
              key={acl.id}
              variant="outline"
              onClick={() => switchAcl.mutate(acl.id)}
              loading={switchAcl.isPending && switchAcl.variables === acl.id}
            >
              {acl.name}
            </Button>
          ))}
          {switchAcl.isError &&
            !(switchAcl.error instanceof ApiFailure && switchAcl.error.code === 'acl_root_missing') && (
              <ErrorAlert error={switchAcl.error} />
            )}
        </Stack>
      </Modal>
    </>
  );
}

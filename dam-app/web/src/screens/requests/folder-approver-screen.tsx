import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getFolderApprover, setFolderApprover } from '../../../../api/contract/requests-endpoints.ts';
import type { FolderApproverView } from '../../../../api/requests.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { useAdminGroups, useAdminUsers } from '../admin/admin-queries.ts';

export const screen = defineScreen('folder-approver', {
  codec: path<{ id: number }>('/folder/:id/approver'),
  access: 'admin',
  title: 'folderApprover.title',
});
export const draw: Draw<'folder-approver'> = (route) => <FolderApproverScreen key={route.id} id={route.id} />;

type Kind = 'inherit' | 'user' | 'group';
const KINDS: readonly Kind[] = ['inherit', 'user', 'group'];
const approverKey = (id: number) => ['requests', 'folder-approver', id] as const;

/**
 * Who approves the requests for a folder's assets (R-FOLDER-APPROVER): the approver it names, else the one it inherits
 * from its nearest folder naming one, else the administrators. An administrator names a user or a group, or lets the
 * folder inherit again.
 */
export function FolderApproverScreen({ id }: { id: number }) {
  const { t } = usePreferences();
  const approver = useQuery({
    queryKey: approverKey(id),
    queryFn: ({ signal }) => api.call(getFolderApprover, { params: { id }, signal }),
  });
  return (
    <Stack gap="4" maxWidth="2xl">
      <ScreenHeader
        title={t('folderApprover.title')}
        intro={approver.data ? t('folderApprover.intro', { path: approver.data.path }) : undefined}
      />
      {approver.isPending && <ListSkeleton rows={2} />}
      {approver.isError && <ErrorAlert error={approver.error} />}
      {approver.data && <ApproverForm id={id} current={approver.data} />}
    </Stack>
  );
}

function ApproverForm({ id, current }: { id: number; current: FolderApproverView }) {
  const { t, message } = usePreferences();
  const client = useQueryClient();
  const users = useAdminUsers();
  const groups = useAdminGroups();
  const initialKind: Kind = current.own?.userId ? 'user' : current.own?.groupId ? 'group' : 'inherit';
  const [kind, setKind] = useState<Kind>(initialKind);
  const [chosen, setChosen] = useState(String(current.own?.userId ?? current.own?.groupId ?? ''));
  const [missing, setMissing] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => {
      const picked = kind === 'inherit' ? null : Number(chosen);
      return api.call(setFolderApprover, {
        params: { id },
        body: { userId: kind === 'user' ? picked : null, groupId: kind === 'group' ? picked : null },
      });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: approverKey(id) });
      toaster.create({ type: 'success', title: t('folderApprover.saved', { path: current.path }) });
    },
    onError: (error) => setMissing(message(error.message)),
  });
  const inherited = current.inherited
    ? t('folderApprover.inheritedFrom', { name: current.inherited.name, path: current.inherited.folderPath })
    : t('folderApprover.inheritedAdmins');
  const choices =
    kind === 'user'
      ? (users.data ?? [])
          .filter((user) => user.status === 'active' && user.special === null)
          .map((user) => ({ value: user.id, label: userLabel(user) }))
      : (groups.data ?? []).map((group) => ({ value: group.id, label: group.name }));
  const submit = () => {
    if (kind !== 'inherit' && chosen === '') {
      setMissing(t(kind === 'user' ? 'folderApprover.pickUser' : 'folderApprover.pickGroup'));
      return;
    }
    save.mutate();
  };
  return (
    <Stack
      as="form"
      gap="4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Box borderWidth="1px" borderRadius="md" p="3" aria-live="polite" data-testid="approver-now">
        <Text fontWeight="semibold">
          {current.own
            ? t('folderApprover.ownNow', { name: current.own.name })
            : t('folderApprover.inheritsNow', {
                name: current.inherited?.name ?? t('folderApprover.admins'),
              })}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {inherited}
        </Text>
      </Box>
      <SelectField
        label={t('folderApprover.kind')}
        name="kind"
        value={kind}
        onValue={(value) => {
          setKind(value as Kind);
          setChosen('');
          setMissing(undefined);
        }}
        choices={KINDS.map((value) => ({ value, label: t(`folderApprover.kind.${value}`) }))}
      />
      {kind !== 'inherit' && (
        <SelectField
          label={t(kind === 'user' ? 'folderApprover.user' : 'folderApprover.group')}
          name="approver"
          value={chosen}
          onValue={(value) => {
            setChosen(value);
            setMissing(undefined);
          }}
          none={t('folderApprover.choose')}
          choices={choices}
          error={missing}
        />
      )}
      {kind === 'inherit' && missing && <ErrorAlert>{missing}</ErrorAlert>}
      <HStack>
        <Button type="submit" colorPalette="teal" loading={save.isPending}>
          {t('folderApprover.save')}
        </Button>
        <Button variant="outline" onClick={() => navigate({ name: 'folder', id })}>
          {t('folderApprover.back')}
        </Button>
      </HStack>
    </Stack>
  );
}

const userLabel = (user: { username: string; profile: { firstName?: string; lastName?: string } }) => {
  const full = [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ').trim();
  return full ? `${full} (${user.username})` : user.username;
};

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}

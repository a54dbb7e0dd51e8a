import { Button, Checkbox, Field, Fieldset, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPortal, updatePortal } from '../../../../api/contract/portals-endpoints.ts';
import { PORTAL_RENDITIONS, type PortalRendition, type PortalView } from '../../../../api/portals.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { fileBase64 } from '../../components/file-base64.ts';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { useCollections, useFolderTree } from '../assets/asset-queries.ts';
import { expiryDay, localDate, utcOffsetMinutes } from '../shares/share-queries.ts';
import { PORTAL_KEYS } from './portal-queries.ts';

function PickList(props: {
  legend: string;
  name: string;
  choices: { id: number; label: string }[];
  picked: number[];
  onPicked(ids: number[]): void;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{props.legend}</Fieldset.Legend>
      <Stack gap="1" mt="1" maxH="40" overflowY="auto">
        {props.choices.map((choice) => (
          <Checkbox.Root
            key={choice.id}
            size="sm"
            checked={props.picked.includes(choice.id)}
            onCheckedChange={(details) =>
              props.onPicked(
                details.checked === true
                  ? [...props.picked, choice.id]
                  : props.picked.filter((id) => id !== choice.id),
              )
            }
          >
            <Checkbox.HiddenInput name={`${props.name}-${choice.id}`} />
            <Checkbox.Control />
            <Checkbox.Label>{choice.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Fieldset.Root>
  );
}

/**
 * A logo or favicon (R-PORTAL-IMAGES): a JPG, GIF or PNG file sent as base64; the server checks its content and size.
 * `value` undefined keeps the saved one, null removes it.
 */
function ImageField(props: {
  label: string;
  name: string;
  saved: boolean;
  value: string | null | undefined;
  error: string | undefined;
  onValue(value: string | null | undefined): void;
}) {
  const { t } = usePreferences();
  const state =
    props.value === null
      ? t('portals.imageRemoved')
      : props.value !== undefined
        ? t('portals.imageChosen')
        : props.saved
          ? t('portals.imageSaved')
          : t('portals.imageNone');
  return (
    <Field.Root invalid={props.error !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      <HStack gap="2" width="full">
        <Input
          type="file"
          name={props.name}
          accept="image/png,image/jpeg,image/gif"
          pt="1.5"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            props.onValue(file ? await fileBase64(file) : undefined);
          }}
        />
        {(props.saved || props.value) && props.value !== null && (
          <Button size="sm" variant="outline" onClick={() => props.onValue(null)}>
            {t('portals.imageRemove')}
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {state}
      </Text>
      <Field.HelperText>{t('portals.imageHint')}</Field.HelperText>
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * Make or edit a portal (R-PORTAL): name, description, terms, expiration date, maximum downloads, password, and the
 * collections and folders it shows. The server checks the sources and R-PORTAL-LIMITS. A new portal's address goes to
 * `onCreated`, which shows it once.
 */
export function PortalEditor({
  portal,
  maxDays,
  onCreated,
  onClose,
}: {
  portal?: PortalView;
  maxDays: number;
  onCreated(link: string): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const collections = useCollections();
  const tree = useFolderTree();
  const form = useForm(
    {
      name: portal?.name ?? '',
      description: portal?.description ?? '',
      terms: portal?.terms ?? '',
      expiresOn: portal ? expiryDay(portal.expiresAt) : localDate(30),
      maxDownloads: portal?.maxDownloads == null ? '' : String(portal.maxDownloads),
      password: '',
      collectionIds: portal?.collectionIds ?? ([] as number[]),
      folderIds: portal?.folderIds ?? ([] as number[]),
      renditions: portal?.renditions ?? (['original'] as PortalRendition[]),
      logo: undefined as string | null | undefined,
      favicon: undefined as string | null | undefined,
    },
    { guard: true },
  );
  const v = form.values;
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        name: v.name,
        description: v.description,
        terms: v.terms,
        expiresOn: v.expiresOn,
        utcOffsetMinutes: utcOffsetMinutes(),
        maxDownloads: v.maxDownloads.trim() === '' ? null : Number(v.maxDownloads),
        collectionIds: v.collectionIds,
        folderIds: v.folderIds,
        ...(v.password ? { password: v.password } : {}),
        renditions: v.renditions,
        ...(v.logo === undefined ? {} : { logo: v.logo }),
        ...(v.favicon === undefined ? {} : { favicon: v.favicon }),
      };
      if (portal) {
        await api.call(updatePortal, { params: { id: portal.id }, body });
        return undefined;
      }
      return (await api.call(createPortal, { body })).link;
    },
    onSuccess: (link) => {
      form.markSaved();
      void client.invalidateQueries({ queryKey: PORTAL_KEYS.list });
      toaster.create({ type: 'success', title: t('app.savedItem', { name: v.name }) });
      if (link) onCreated(link);
      onClose();
    },
    onError: form.fail,
  });
  const folders = tree.data ? [tree.data.root, ...tree.data.folders] : [];
  return (
    <EditorDrawer
      open
      title={portal ? t('portals.editTitle', { name: portal.name }) : t('portals.new')}
      submitLabel={portal ? t('app.save') : t('app.create')}
      busy={save.isPending}
      onSubmit={() => save.mutate()}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <FormField {...form.field('description')} multiline rows={3} label={t('field.description')} />
      <PickList
        legend={t('portals.collections')}
        name="collection"
        choices={(collections.data ?? []).map((each) => ({ id: each.id, label: each.name }))}
        picked={v.collectionIds}
        onPicked={(ids) => form.set('collectionIds', ids)}
      />
      <PickList
        legend={t('portals.folders')}
        name="folder"
        choices={folders.map((folder) => ({ id: folder.id, label: `/${folder.path}` }))}
        picked={v.folderIds}
        onPicked={(ids) => form.set('folderIds', ids)}
      />
      <Fieldset.Root invalid={form.errors.renditions !== undefined}>
        <Fieldset.Legend>{t('portals.renditions')}</Fieldset.Legend>
        <Stack gap="1" mt="1">
          {PORTAL_RENDITIONS.map((name) => (
            <Checkbox.Root
              key={name}
              size="sm"
              checked={v.renditions.includes(name)}
              onCheckedChange={(details) =>
                form.set(
                  'renditions',
                  details.checked === true
                    ? [...v.renditions, name]
                    : v.renditions.filter((each) => each !== name),
                )
              }
            >
              <Checkbox.HiddenInput name={`rendition-${name}`} />
              <Checkbox.Control />
              <Checkbox.Label>{t(`portals.rendition.${name}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        {form.errors.renditions && <Fieldset.ErrorText>{form.errors.renditions}</Fieldset.ErrorText>}
      </Fieldset.Root>
      <FormField {...form.field('terms')} multiline rows={4} label={t('portals.terms')} />
      <ImageField
        label={t('portals.logo')}
        name="logo"
        saved={portal?.hasLogo ?? false}
        value={v.logo}
        error={form.errors.logo}
        onValue={(value) => form.set('logo', value)}
      />
      <ImageField
        label={t('portals.favicon')}
        name="favicon"
        saved={portal?.hasFavicon ?? false}
        value={v.favicon}
        error={form.errors.favicon}
        onValue={(value) => form.set('favicon', value)}
      />
      <FormField
        {...form.field('expiresOn')}
        type="date"
        label={t('shares.expiresOn')}
        helper={t('shares.expiresHelp', { days: maxDays })}
        min={localDate(1)}
        max={localDate(maxDays)}
        required
      />
      <FormField
        {...form.field('maxDownloads')}
        inputMode="numeric"
        label={t('shares.maxDownloads')}
        helper={t('portals.maxDownloadsHelp')}
      />
      <FormField
        {...form.field('password')}
        type="password"
        autoComplete="new-password"
        label={portal?.hasPassword ? t('shares.newPassword') : t('shares.password')}
        helper={t('portals.passwordHelp')}
      />
    </EditorDrawer>
  );
}

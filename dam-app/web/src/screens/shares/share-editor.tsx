import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createShare, updateShare } from '../../../../api/contract/shares-endpoints.ts';
import type { ShareSource, ShareView } from '../../../../api/shares.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { useCarts, useCollections } from '../assets/asset-queries.ts';
import { expiryDay, localDate, SHARE_KEYS, utcOffsetMinutes } from './share-queries.ts';

/**
 * Create a share from a cart or a collection, or edit one (R-SHARE: name, expiration date, maximum
 * download count, licensing text, password, and the message and recipients of the mail). The server checks R-SHARE-EXPIRY.
 */
export function ShareEditor({
  share,
  from,
  maxDays,
  onCreated,
  onClose,
}: {
  share?: ShareView;
  /** A new share of these (a cart, a collection, a selection): no source to pick, the name prefilled. */
  from?: { source: ShareSource; name: string };
  maxDays: number;
  onCreated?(link: string): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const carts = useCarts();
  const collections = useCollections();
  const [source, setSource] = useState('');
  const form = useForm(
    {
      name: share?.name ?? from?.name ?? '',
      expiresOn: share ? expiryDay(share.expiresAt) : localDate(14),
      maxDownloads: share?.maxDownloads === null || !share ? '' : String(share.maxDownloads),
      licensingText: share?.licensingText ?? '',
      message: share?.message ?? '',
      password: '',
      recipients: '',
    },
    { guard: true },
  );
  const v = form.values;
  const fields = () => ({
    name: v.name,
    expiresOn: v.expiresOn,
    utcOffsetMinutes: utcOffsetMinutes(),
    maxDownloads: v.maxDownloads.trim() === '' ? null : Number(v.maxDownloads),
    licensingText: v.licensingText,
    message: v.message,
  });
  const save = useMutation({
    mutationFn: async () => {
      if (share)
        return {
          link: undefined,
          saved: await api.call(updateShare, {
            params: { id: share.id },
            body: { ...fields(), ...(v.password ? { password: v.password } : {}) },
          }),
        };
      const [kind, id] = source.split(':');
      const created = await api.call(createShare, {
        body: {
          ...fields(),
          ...(v.password ? { password: v.password } : {}),
          recipients: v.recipients
            .split(/[,;\s]+/)
            .map((each) => each.trim())
            .filter(Boolean),
          from: from?.source ?? (kind === 'cart' ? { cartId: Number(id) } : { collectionId: Number(id) }),
        },
      });
      return { link: created.link, saved: created.share };
    },
    onSuccess: ({ link, saved }) => {
      form.markSaved();
      void client.invalidateQueries({ queryKey: SHARE_KEYS.list });
      toaster.create({ type: 'success', title: t('app.savedItem', { name: saved.name }) });
      if (link) onCreated?.(link);
      onClose();
    },
    onError: form.fail,
  });
  const choices = [
    ...(carts.data ?? []).map((cart) => ({
      value: `cart:${cart.id}`,
      label: t('shares.fromCart', { name: cart.name, count: cart.assetCount }),
    })),
    ...(collections.data ?? []).map((collection) => ({
      value: `collection:${collection.id}`,
      label: t('shares.fromCollection', { name: collection.name, count: collection.assetCount }),
    })),
  ];
  return (
    <EditorDrawer
      open
      title={share ? t('shares.editTitle', { name: share.name }) : t('shares.new')}
      submitLabel={share ? t('app.save') : t('shares.create')}
      busy={save.isPending}
      onSubmit={() =>
        share || from || source ? save.mutate() : form.fail(new Error(t('shares.pickSource')))
      }
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      {!share && !from && (
        <SelectField
          label={t('shares.source')}
          name="source"
          value={source}
          onValue={setSource}
          none={t('shares.pickSource')}
          choices={choices}
        />
      )}
      <FormField {...form.field('name')} label={t('field.name')} required />
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
        helper={t('shares.maxDownloadsHelp')}
      />
      <FormField {...form.field('licensingText')} multiline rows={4} label={t('shares.licensingText')} />
      <FormField
        {...form.field('password')}
        type="password"
        autoComplete="new-password"
        label={share?.hasPassword ? t('shares.newPassword') : t('shares.password')}
        helper={t('shares.passwordHelp')}
      />
      {!share && (
        <FormField
          {...form.field('recipients')}
          label={t('shares.recipients')}
          helper={t('shares.recipientsHelp')}
        />
      )}
      <FormField {...form.field('message')} multiline rows={3} label={t('shares.message')} />
      {share && <Notice status="info">{t('shares.itemsFrozen')}</Notice>}
    </EditorDrawer>
  );
}

import { Button, Field, Flex, HStack, Input, Menu, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { prepareDownload } from '../../../../api/contract/loading-dock-endpoints.ts';
import {
  addCartAssets,
  deleteCart as deleteCartEndpoint,
  removeCartAssets,
} from '../../../../api/contract/working-sets-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster, useFailureToast } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { AddToCollectionDialog } from '../../asset-widgets/add-to-collection-dialog.tsx';
import { mayDownload, mayShareExternally } from '../../asset-widgets/asset-access.ts';
import { BulkEditDialog } from '../../asset-widgets/bulk-edit-dialog.tsx';
import { ContactSheetDialog } from '../../asset-widgets/contact-sheet-dialog.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SelectField } from '../../components/select-field.tsx';
import type { MessageKey } from '../../i18n/messages-en.ts';
import { QueryStates } from '../../kit/query-states.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { ASSET_KEYS, useCartAssets, useCarts } from '../assets/asset-queries.ts';
import { useBrowseExtensions } from '../browse/browse-extensions.tsx';
import { ExtraMenuItems } from '../browse/extra-menu-items.tsx';
import { ShareDialog } from '../shares/share-dialog.tsx';
import { AssetList } from './asset-table.tsx';
import { cartChoices } from './cart-choices.ts';
import { CartNameDialog } from './cart-name-dialog.tsx';

export const screen = defineScreen('carts', {
  codec: path('/carts'),
  nav: { menu: 'header', label: 'carts.title', order: 2 },
});
export const draw: Draw<'carts'> = (_, { session }) => <CartsScreen session={session} />;

type OnAssets = 'contact-sheet' | 'collection' | 'bulk-edit' | 'share';
type Open = 'new' | 'rename' | OnAssets | null;
/** The cart menu's entries that open a dialog on the cart's assets, in menu order. */
const ON_ASSETS: [OnAssets, MessageKey][] = [
  ['contact-sheet', 'contactSheet.menu'],
  ['collection', 'collections.addMenu'],
  ['bulk-edit', 'bulkEdit.menu'],
];

/** Carts (R-SCREEN-LABELS, R-CART-NAME, R-CART-LIMIT): switch between my carts, create and rename them, add and remove assets, a cart menu. */
export function CartsScreen({ session }: { session: SessionView }) {
  const { t, message } = usePreferences();
  const client = useQueryClient();
  const fail = useFailureToast();
  const extensions = useBrowseExtensions();
  const carts = useCarts();
  const [currentId, setCurrentId] = useState<number | undefined>();
  const [open, setOpen] = useState<Open>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [query, setQuery] = useState('');
  const cart = carts.data?.find((each) => each.id === currentId) ?? carts.data?.[0];
  const assets = useCartAssets(cart?.id);
  const ids = assets.data?.items.map((asset) => asset.id) ?? [];
  const refresh = (id: number) => {
    void client.invalidateQueries({ queryKey: ASSET_KEYS.carts });
    void client.invalidateQueries({ queryKey: ASSET_KEYS.cartAssets(id) });
  };
  const addBySearch = useMutation({
    mutationFn: ({ id, q }: { id: number; q: string }) =>
      api.call(addCartAssets, { params: { id }, body: { search: { q } } }),
    onSuccess: (added, { id }) => {
      refresh(id);
      setQuery('');
      toaster.create({
        type: 'success',
        title: t('carts.added', { count: added.added, name: cart?.name ?? '' }),
      });
      for (const notice of added.notices)
        toaster.create({ type: 'warning', title: message(notice), duration: 10_000 });
    },
    onError: fail,
  });
  const removeSelected = useMutation({
    mutationFn: ({ id, remove }: { id: number; remove: number[] }) =>
      api.call(removeCartAssets, { params: { id }, body: { ids: remove } }),
    onSuccess: (_, { id, remove }) => {
      refresh(id);
      setSelected([]);
      toaster.create({ type: 'success', title: t('carts.removed', { count: remove.length }) });
    },
    onError: fail,
  });
  const remove = useConfirm({
    run: (doomed: { id: number; name: string }) =>
      api.call(deleteCartEndpoint, { params: { id: doomed.id } }),
    done: () => {
      setCurrentId(undefined);
      void client.invalidateQueries({ queryKey: ASSET_KEYS.carts });
    },
    title: t('carts.deleteMenu'),
    body: (doomed) => t('carts.deleteConfirm', { name: doomed.name }),
    confirmLabel: t('app.delete'),
  });
  const prepare = useMutation({
    mutationFn: (id: number) => api.call(prepareDownload, { body: { cartId: id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.loadingDock });
      toaster.create({ type: 'success', title: t('dock.prepared') });
      navigate({ name: 'loading-dock' });
    },
    onError: fail,
  });
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (cart && query.trim()) addBySearch.mutate({ id: cart.id, q: query.trim() });
  };
  const close = () => setOpen(null);
  const newCart = (
    <Button colorPalette="teal" onClick={() => setOpen('new')}>
      {t('carts.new')}
    </Button>
  );
  const extras = cart ? extensions.cartMenuItems(cart) : [];
  return (
    <Stack gap="4">
      <ScreenHeader title={t('carts.title')} intro={t('carts.intro')} actions={newCart} />
      <QueryStates
        query={carts}
        empty={t('carts.empty')}
        emptyDescription={t('carts.emptyHint')}
        emptyAction={newCart}
      >
        {() =>
          cart && (
            <>
              <Flex gap="3" wrap="wrap" align="flex-end">
                <SelectField
                  label={t('carts.current')}
                  fieldProps={{ width: { base: 'full', sm: 'auto' }, minWidth: '64' }}
                  name="cart"
                  value={cart.id}
                  onValue={(id) => {
                    setCurrentId(Number(id));
                    setSelected([]);
                  }}
                  choices={cartChoices(carts.data ?? [], t)}
                />
                <Menu.Root positioning={{ placement: 'bottom-start' }}>
                  <Menu.Trigger asChild>
                    <Button variant="outline" data-cart-menu="">
                      {t('carts.menu', { name: cart.name })} ▾
                    </Button>
                  </Menu.Trigger>
                  <Menu.Positioner>
                    <Menu.Content minWidth="60">
                      <Menu.Item value="rename" onSelect={() => setOpen('rename')}>
                        {t('carts.renameMenu')}
                      </Menu.Item>
                      <Menu.Item value="delete" color="fg.error" onSelect={() => remove.ask(cart)}>
                        {t('carts.deleteMenu')}
                      </Menu.Item>
                      <Menu.Separator />
                      {mayDownload(session) && (
                        <Menu.Item
                          value="prepare"
                          disabled={ids.length === 0}
                          onSelect={() => prepare.mutate(cart.id)}
                        >
                          {t('dock.prepareMenu')}
                        </Menu.Item>
                      )}
                      {ON_ASSETS.map(([dialog, label]) => (
                        <Menu.Item
                          key={dialog}
                          value={dialog}
                          disabled={ids.length === 0}
                          onSelect={() => setOpen(dialog)}
                        >
                          {t(label)}
                        </Menu.Item>
                      ))}
                      {mayShareExternally(session) && (
                        <Menu.Item
                          value="share"
                          disabled={ids.length === 0}
                          onSelect={() => setOpen('share')}
                        >
                          {t('shares.menu')}
                        </Menu.Item>
                      )}
                      <ExtraMenuItems extras={extras} separated />
                    </Menu.Content>
                  </Menu.Positioner>
                </Menu.Root>
              </Flex>
              <HStack
                as="form"
                onSubmit={add}
                gap="2"
                align="flex-end"
                maxWidth="xl"
                role="search"
                aria-label={t('carts.addBySearch')}
              >
                <Field.Root>
                  <Field.Label>{t('carts.addBySearch')}</Field.Label>
                  <Input
                    name="cartSearch"
                    type="search"
                    value={query}
                    placeholder={t('shell.quickSearchHint')}
                    onChange={(event) => setQuery(event.target.value)}
                  />
                </Field.Root>
                <Button
                  type="submit"
                  variant="outline"
                  loading={addBySearch.isPending}
                  disabled={!query.trim()}
                >
                  {t('carts.add')}
                </Button>
              </HStack>
              <AssetList
                query={assets}
                empty={t('carts.cartEmpty')}
                emptyDescription={t('carts.cartEmptyHint')}
                selected={selected}
                onSelect={setSelected}
                label={t('carts.assetsOf', { name: cart.name })}
                toolbar={
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={selected.length === 0}
                    loading={removeSelected.isPending}
                    onClick={() => removeSelected.mutate({ id: cart.id, remove: selected })}
                  >
                    {t('carts.removeSelected', { count: selected.length })}
                  </Button>
                }
              />
            </>
          )
        }
      </QueryStates>
      {(open === 'new' || (open === 'rename' && cart)) && (
        <CartNameDialog
          cart={open === 'rename' ? cart : undefined}
          onSaved={(saved) => {
            setCurrentId(saved.id);
            setSelected([]);
            close();
          }}
          onClose={close}
        />
      )}
      {open === 'contact-sheet' && <ContactSheetDialog assetIds={ids} open onClose={close} />}
      {open === 'collection' && <AddToCollectionDialog assetIds={ids} open onClose={close} />}
      {open === 'bulk-edit' && <BulkEditDialog assetIds={ids} open onClose={close} />}
      {open === 'share' && cart && (
        <ShareDialog source={{ cartId: cart.id }} name={cart.name} onClose={close} />
      )}
      {remove.dialog}
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}

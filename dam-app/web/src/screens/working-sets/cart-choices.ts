import type { Translate } from '../../i18n/translate.ts';

/** The carts as choices of a select: "Name (n assets)". */
export const cartChoices = (
  carts: readonly { id: number; name: string; assetCount: number }[],
  t: Translate,
) =>
  carts.map((cart) => ({
    value: cart.id,
    label: t('carts.option', { name: cart.name, count: cart.assetCount }),
  }));

import { assetKinds } from '../../../../api/assets.ts';
import type { FACETS } from '../../../../api/search.ts';
import type { Translate } from '../../i18n/translate.ts';

const KINDS: readonly string[] = assetKinds;

/**
 * A facet value as the person reads it: the kinds the DAM names itself (image, video, …) in their language; file
 * types, ratios, colour profiles, keywords and years as they are written.
 */
export function facetValueLabel(
  facet: (typeof FACETS)[number],
  value: string | number,
  t: Translate,
): string {
  if (facet === 'kind' && KINDS.includes(String(value)))
    return t(`search.kind.${value as (typeof assetKinds)[number]}`);
  return String(value);
}

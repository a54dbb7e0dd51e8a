import type { z } from 'zod';
import type { selectionSchema } from '../../api/working-sets.ts';
import type { Principal } from '../access/principal.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { assetViews } from '../assets/asset-views.ts';
import { searchAssets } from '../search/search-assets.ts';
import type { DamServices } from '../services.ts';
import { assetRowsInOrder } from './member-queries.ts';

/**
 * The asset ids a bulk selection names, in order, limited to what the principal may see: the ids given, or the
 * results of a search (up to `max`).
 */
export async function resolveSelection(
  services: DamServices,
  principal: Principal,
  selection: z.infer<typeof selectionSchema>,
  max: number,
): Promise<{ ids: number[]; requested: number }> {
  if (selection.ids) {
    const ids = await visibleAssetIds(services, principal, selection.ids);
    return { ids, requested: selection.ids.length };
  }
  const ids: number[] = [];
  let after: string | undefined;
  let total = 0;
  do {
    const page = await searchAssets(services, principal, {
      ...(selection.search as NonNullable<typeof selection.search>),
      withFacets: false,
      limit: 500,
      ...(after ? { after } : {}),
    });
    total = page.total ?? 0;
    ids.push(...page.items.map((item) => item.id));
    after = page.nextCursor ?? undefined;
  } while (after && ids.length < max);
  return { ids, requested: total };
}

/** The views of a working set's members the person may still see, in the set's order. */
export async function visibleMemberViews(services: DamServices, principal: Principal, memberIds: number[]) {
  const ids = await visibleAssetIds(services, principal, memberIds);
  return assetViews(services.db, await assetRowsInOrder(services.db, ids));
}

import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SessionView } from '../../../../api/accounts.ts';
import { listShareGroups } from '../../../../api/contract/working-sets-endpoints.ts';
import type { collectionSchema } from '../../../../api/working-sets.ts';
import { api } from '../../api/api-client.ts';
import { mayModifyCollections } from '../../asset-widgets/asset-access.ts';

export type Collection = z.infer<typeof collectionSchema>;

export const useShareGroups = () =>
  useQuery({
    queryKey: ['groups', 'mine'],
    queryFn: ({ signal }) => api.call(listShareGroups, { signal }),
  });

/** The owner changes everything; others only a modifiable one's name, description and assets; both need the permission. */
export const mayChangeCollection = (collection: Collection, session: SessionView) =>
  mayModifyCollections(session) && (collection.owner === session.user.username || collection.modifiable);

export const ownsCollection = (collection: Collection, session: SessionView) =>
  collection.owner === session.user.username;

/** The date input's value for an expiry, and back: expiry is the start of that day in UTC. */
export const expiryToDate = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
export const dateToExpiry = (date: string) => (date ? `${date}T00:00:00.000Z` : null);

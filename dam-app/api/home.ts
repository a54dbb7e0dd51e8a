import { z } from 'zod';
import { assetSchema } from './assets.ts';
import { taskSchema } from './notifications.ts';

/** R-HOME: each of Home's lists holds at most this many items (Home is a start, each list links to the full one). */
export const HOME_LIST_LIMIT = 8;
/** R-HOME: a first visit shows what changed in this many days. */
export const HOME_FIRST_VISIT_DAYS = 7;
/** R-HOME: a return within this many minutes is the same visit, so "changed since" stays put while one works. */
export const HOME_VISIT_GAP_MINUTES = 30;

export const homeAssetSchema = z.object({
  asset: assetSchema,
  /** When it was added (uploads) or last changed (changes). */
  at: z.iso.datetime(),
  /** Who uploaded it, when known. */
  uploadedBy: z.string().nullable(),
});
export type HomeAsset = z.infer<typeof homeAssetSchema>;

export const homeSharedSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string(),
  assetCount: z.number(),
  /** When it was made. */
  at: z.iso.datetime(),
});

export const homeSchema = z
  .object({
    /** Where "changed since your last visit" starts. */
    since: z.iso.datetime(),
    recentUploads: z.object({ mine: z.array(homeAssetSchema), library: z.array(homeAssetSchema) }),
    changed: z.array(homeAssetSchema),
    /**
     * The person's open tasks (My Tasks): requests they approve (`request.decide`), check-outs to return, failed
     * loading docks, workflow steps — each with the target it links to.
     */
    waiting: z.array(taskSchema),
    shared: z.array(homeSharedSchema),
  })
  .meta({ id: 'Home' });
export type Home = z.infer<typeof homeSchema>;

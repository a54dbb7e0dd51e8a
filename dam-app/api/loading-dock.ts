import { z } from 'zod';
import { ASSET_MESSAGES } from './asset-messages.ts';
import { dbId } from './db-safe.ts';

/** The largest prepared download (R-DOCK-LIMITS; the product gives no value, this one is ours): 20 GiB. */
export const LOADING_DOCK_MAX_BYTES = 20 * 1024 ** 3;
/** The most assets one download request may hold, by ids, a cart and a bundle together (R-DOCK-LIMITS; ours). */
export const LOADING_DOCK_MAX_ASSETS = 10_000;

export const prepareDownloadSchema = z
  .strictObject({
    ids: z.array(dbId()).max(LOADING_DOCK_MAX_ASSETS, ASSET_MESSAGES.downloadMaximumReached).optional(),
    cartId: dbId().optional(),
    /** A bundle (a collection marked bundle): every asset of it, delivered together in one folder. */
    bundleId: dbId().optional(),
    /** Assets with a conversion preset each (R-DOCK-PLACE): the dock holds the conversion, not the original. */
    items: z
      .array(z.strictObject({ assetId: dbId(), presetId: dbId().nullable().optional() }))
      .max(LOADING_DOCK_MAX_ASSETS, ASSET_MESSAGES.downloadMaximumReached)
      .optional(),
  })
  .refine(
    (value) =>
      value.ids !== undefined ||
      value.cartId !== undefined ||
      value.bundleId !== undefined ||
      value.items !== undefined,
    { message: 'The search is empty.' },
  );

/** R-DOCK-PLACE: preparing (files being placed), converting (waiting for conversions), ready for download, failed. */
export const loadingDockStates = ['preparing', 'converting', 'ready', 'failed', 'done'] as const;

/** One file of a dock: its name in the dock, its size, and whether it is there (or why it failed). */
export const loadingDockItemSchema = z
  .object({
    assetId: z.number(),
    fileName: z.string(),
    size: z.number(),
    presetId: z.number().nullable(),
    state: z.enum(['pending', 'placed', 'failed']),
    message: z.string().optional(),
  })
  .meta({ id: 'LoadingDockItem' });

/** A prepared download (R-DOCK-DOWNLOAD "Loading dock download": notification id and loading dock id). */
export const loadingDockSchema = z
  .object({
    loadingDockId: z.number(),
    notificationId: z.string(),
    state: z.enum(loadingDockStates),
    /**
     * What the dock holds, in bytes (R-DOCK-LIMITS: the request states its size). A conversion not yet made counts
     * its original's size; once made, its own; a file that failed counts nothing.
     */
    totalSize: z.number(),
    /** Bytes placed so far. */
    placedSize: z.number(),
    /** The storage-relative paths of the files placed (what the download workflow hands to the transfer). */
    files: z.array(z.string()),
    items: z.array(loadingDockItemSchema),
  })
  .meta({ id: 'LoadingDock' });

/** What a new dock request answers: the dock, and the space it asked of the disk and found free. */
export const preparedDockSchema = loadingDockSchema
  .extend({
    /** Bytes the placement needs on the dock's disk: 0 where every file is hard-linked. */
    neededBytes: z.number(),
    freeBytes: z.number(),
  })
  .meta({ id: 'PreparedLoadingDock' });

/** One of my prepared downloads, for the Loading Dock screen. */
export const loadingDockEntrySchema = loadingDockSchema
  .extend({
    createdAt: z.iso.datetime(),
    /** When the unfinished dock is cleaned up by itself. */
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'LoadingDockEntry' });

/**
 * R-DOCK-DOWNLOAD the loading dock download workflow's input: `notificationId` and `LoadingDockId` as the spec names
 * them. The id is taken as text: a missing, non-numeric or negative one means a cart (bulk) download
 * (R-BULK-DOWNLOAD-ID), decided by the server, never refused here.
 */
export const dockDownloadQuerySchema = z.strictObject({
  notificationId: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
  LoadingDockId: z.string().max(40).optional(),
});

/** The workflow's answer: the JSON list of files, each with its source on the node and its destination. */
export const dockDownloadSchema = z
  .object({
    loadingDockId: z.number(),
    notificationId: z.string(),
    bulk: z.boolean(),
    files: z.array(z.object({ source: z.string(), destination: z.string(), size: z.number() })),
  })
  .meta({ id: 'LoadingDockDownload' });

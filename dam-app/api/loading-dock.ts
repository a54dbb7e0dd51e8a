import { z } from 'zod';
import { ASSET_MESSAGES } from './asset-messages.ts';
import { conversionItemSchema } from './conversions.ts';
import { dbId } from './db-safe.ts';

/** The largest prepared download (R-DOCK-LIMITS; the product gives no value, this one is ours): 20 GiB. */
export const LOADING_DOCK_MAX_BYTES = 20 * 1024 ** 3;
/** The most assets one download request may name (R-DOCK-LIMITS; the number is ours). */
export const LOADING_DOCK_MAX_ASSETS = 10_000;

export const prepareDownloadSchema = z
  .strictObject({
    ids: z.array(dbId()).max(LOADING_DOCK_MAX_ASSETS, ASSET_MESSAGES.downloadMaximumReached).optional(),
    cartId: dbId().optional(),
    /** A bundle (a collection marked bundle): every asset of it, delivered together in one folder. */
    bundleId: dbId().optional(),
    /** Assets converted with a preset each (R-CONVERSION-STATES); the converted files go in the dock. */
    conversions: z
      .array(conversionItemSchema)
      .max(LOADING_DOCK_MAX_ASSETS, ASSET_MESSAGES.downloadMaximumReached)
      .optional(),
  })
  .refine(
    (value) =>
      value.ids !== undefined ||
      value.cartId !== undefined ||
      value.bundleId !== undefined ||
      value.conversions !== undefined,
    { message: 'The search is empty.' },
  );

/** A prepared download (R-DOCK-DOWNLOAD "Loading dock download": notification id and loading dock id). */
export const loadingDockSchema = z
  .object({
    loadingDockId: z.number(),
    notificationId: z.string(),
    totalSize: z.number(),
    /** Relative to the loading dock; the download workflow hands these to the transfer. */
    files: z.array(z.string()),
    /** Conversions that failed, each with the file's name and why; the rest of the dock is there. */
    failures: z.array(z.object({ assetId: z.number(), message: z.string() })).optional(),
  })
  .meta({ id: 'LoadingDock' });

export const loadingDockStates = ['ready', 'done'] as const;

/** One of my prepared downloads, for the Loading Dock screen: ready to transfer, or done (its files cleaned up). */
export const loadingDockEntrySchema = loadingDockSchema
  .extend({
    state: z.enum(loadingDockStates),
    createdAt: z.iso.datetime(),
    /** When the unfinished dock is cleaned up by itself. */
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'LoadingDockEntry' });

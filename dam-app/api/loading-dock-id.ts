/**
 * R-BULK-DOWNLOAD-ID, the one place the rule lives: a loading dock id that is missing, not a number, or negative means
 * a bulk (cart) download; a whole number of 0 or more names one prepared download.
 */
export function isBulkDownload(loadingDockId: string | number | null | undefined): boolean {
  if (loadingDockId === null || loadingDockId === undefined) return true;
  if (typeof loadingDockId === 'number') return !Number.isFinite(loadingDockId) || loadingDockId < 0;
  const text = loadingDockId.trim();
  return !/^-?\d+(\.\d+)?$/.test(text) || Number(text) < 0;
}

/** The dock id a request names, or undefined for a bulk (cart) download (R-BULK-DOWNLOAD-ID). */
export function loadingDockIdOf(loadingDockId: string | number | null | undefined): number | undefined {
  return isBulkDownload(loadingDockId) ? undefined : Number(loadingDockId);
}

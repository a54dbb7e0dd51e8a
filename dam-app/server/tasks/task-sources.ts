/** What made a task, as its `source` (one open task per person and source; the same source completes it). */
export const checkoutSource = (assetId: number) => `checkout:${assetId}`;
export const dockSource = (dockId: number) => `dock:${dockId}`;

/** A check-out is to be returned (checked in or cancelled) within this many days: its task's due date. */
export const CHECKOUT_RETURN_DAYS = 7;

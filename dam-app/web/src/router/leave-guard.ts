/**
 * The unsaved-changes prompt (R-UNSAVED-CHANGES): a form with edits registers a guard; leaving the screen through the app, the
 * Back button or closing the tab asks first.
 */
const guards = new Set<() => string>();

export function addLeaveGuard(message: () => string): () => void {
  guards.add(message);
  return () => guards.delete(message);
}

/** True when nothing is unsaved, or the person agrees to lose it. */
export function mayLeave(): boolean {
  const [first] = guards;
  if (!first) return true;
  if (!window.confirm(first())) return false;
  guards.clear();
  return true;
}

export const hasLeaveGuards = () => guards.size > 0;

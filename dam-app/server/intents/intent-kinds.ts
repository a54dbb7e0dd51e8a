import type { DamServices } from '../services.ts';
import { type IntentKind, recoverIntents } from './intents.ts';

/**
 * The kinds of operation intent, by the name their rows carry. Each feature declares its own kinds; the wiring
 * (create-services.ts) lists them into `services.intentKinds`, so the kernel knows none of the features.
 */
export const intentKindsByName = (
  kinds: readonly IntentKind<never>[],
): ReadonlyMap<string, IntentKind<never>> => new Map(kinds.map((kind) => [kind.name, kind]));

/** Finishes or undoes every operation a dead server left half done (at start-up and before each reconcile). */
export const recoverOperations = (services: DamServices) => recoverIntents(services, services.intentKinds);

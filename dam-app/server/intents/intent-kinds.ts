import {
  assetCopyIntent,
  assetMoveIntent,
  assetRestoreIntent,
  assetTrashIntent,
} from '../assets/asset-intents.ts';
import {
  folderCopyIntent,
  folderDeleteIntent,
  folderMoveIntent,
  folderRenameIntent,
} from '../folders/folder-intents.ts';
import type { DamServices } from '../services.ts';
import { checkInIntent, versionRestoreIntent } from '../versions/version-intents.ts';
import { type IntentKind, recoverIntents } from './intents.ts';

/** Every kind of operation intent, by the name its rows carry. */
const KINDS = new Map<string, IntentKind<never>>(
  [
    folderMoveIntent,
    folderRenameIntent,
    folderCopyIntent,
    folderDeleteIntent,
    assetMoveIntent,
    assetCopyIntent,
    assetTrashIntent,
    assetRestoreIntent,
    checkInIntent,
    versionRestoreIntent,
  ].map((kind) => [kind.name, kind as IntentKind<never>]),
);

/** Finishes or undoes every operation a dead server left half done (at start-up and before each reconcile). */
export const recoverOperations = (services: DamServices) => recoverIntents(services, KINDS);

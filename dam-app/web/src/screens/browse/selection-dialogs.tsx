import { lazy, Suspense } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import {
  allows,
  mayChangeAssets,
  mayDownload,
  mayShareExternally,
} from '../../asset-widgets/asset-access.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';

// The dialogs load when one is first opened, not with the folder screen (their forms, radio groups and presets are
// a tenth of its JavaScript).
const MoveCopyDialog = lazy(() =>
  import('../../asset-widgets/move-copy-dialog.tsx').then((m) => ({ default: m.MoveCopyDialog })),
);
const BulkEditDialog = lazy(() =>
  import('../../asset-widgets/bulk-edit-dialog.tsx').then((m) => ({ default: m.BulkEditDialog })),
);
const AddToCartDialog = lazy(() =>
  import('../../asset-widgets/add-to-cart-dialog.tsx').then((m) => ({ default: m.AddToCartDialog })),
);
const AddToCollectionDialog = lazy(() =>
  import('../../asset-widgets/add-to-collection-dialog.tsx').then((m) => ({
    default: m.AddToCollectionDialog,
  })),
);
const ContactSheetDialog = lazy(() =>
  import('../../asset-widgets/contact-sheet-dialog.tsx').then((m) => ({ default: m.ContactSheetDialog })),
);
const ConvertDialog = lazy(() =>
  import('../../asset-widgets/convert-dialog.tsx').then((m) => ({ default: m.ConvertDialog })),
);
const ShareDialog = lazy(() =>
  import('../shares/share-dialog.tsx').then((m) => ({ default: m.ShareDialog })),
);
const RunWorkflowDialog = lazy(() =>
  import('../../asset-widgets/run-workflow-dialog.tsx').then((m) => ({ default: m.RunWorkflowDialog })),
);
const ExportMetadataDialog = lazy(() =>
  import('../../asset-widgets/export-metadata-dialog.tsx').then((m) => ({ default: m.ExportMetadataDialog })),
);
const StampDialog = lazy(() =>
  import('../../asset-widgets/stamp-dialog.tsx').then((m) => ({ default: m.StampDialog })),
);
const ArchiveDialog = lazy(() =>
  import('../../asset-widgets/archive-dialog.tsx').then((m) => ({ default: m.ArchiveDialog })),
);
const RestoreArchiveDialog = lazy(() =>
  import('../../asset-widgets/archive-dialog.tsx').then((m) => ({ default: m.RestoreArchiveDialog })),
);
const RequestDialog = lazy(() =>
  import('../../asset-widgets/request-dialog.tsx').then((m) => ({ default: m.RequestDialog })),
);

/** What a selection of assets in the library views can be given to: the asset screens' dialogs. */
export type SelectionAction =
  | 'move'
  | 'bulk-edit'
  | 'cart'
  | 'collection'
  | 'contact-sheet'
  | 'convert'
  | 'request'
  | 'share'
  | 'workflow'
  | 'export-metadata'
  | 'stamp'
  | 'archive'
  | 'restore-archive';

export const SELECTION_ACTION_LABELS: Record<SelectionAction, MessageKey> = {
  move: 'moveCopy.menu',
  'bulk-edit': 'bulkEdit.menu',
  cart: 'carts.addMenu',
  collection: 'collections.addMenu',
  'contact-sheet': 'contactSheet.menu',
  convert: 'convert.menu',
  request: 'requests.menu',
  share: 'shares.menu',
  workflow: 'workflow.menu',
  'export-metadata': 'metadataIo.exportMenu',
  stamp: 'stamp.menu',
  archive: 'archiveSelection.menu',
  'restore-archive': 'archiveSelection.restoreMenu',
};

/**
 * The actions this person may take on a selection: moving and editing need file actions (R-FILE-ACTIONS); converting
 * needs what a download needs (R-CONVERSION-GATE).
 */
export function selectionActions(
  session: Pick<SessionView, 'permissions' | 'features' | 'user'>,
): SelectionAction[] {
  // R-ARCHIVE-SELECTION: archiving and restoring are file actions too.
  const changes: SelectionAction[] = mayChangeAssets(session)
    ? ['move', 'bulk-edit', 'stamp', 'archive', 'restore-archive']
    : [];
  return [
    ...changes,
    'cart',
    'collection',
    'contact-sheet',
    // Who may not download asks the approvers for the assets (a request to download, issue 28).
    ...(mayDownload(session) ? ['convert' as const] : ['request' as const]),
    ...(mayShareExternally(session) ? ['share' as const] : []),
    // R-WORKFLOW-MANUAL: the dialog lists the manual workflows this person's ACL may start.
    ...(allows(session, 'trigger workflow') ? ['workflow' as const] : []),
    // Whoever sees the assets sees their metadata (R-METADATA-EXPORT).
    'export-metadata',
  ];
}

/** The dialog of the chosen action, for every selected asset (also those a CSV selected beyond the loaded pages). */
export function SelectionDialogs(props: Parameters<typeof ChosenDialog>[0]) {
  return (
    <Suspense fallback={null}>
      <ChosenDialog {...props} />
    </Suspense>
  );
}

function ChosenDialog(props: {
  action: SelectionAction | null;
  ids: readonly number[];
  /** The folder the view shows, when it is one: not offered as a move destination. */
  folderId?: number;
  onClose(): void;
}) {
  const { action, ids, onClose } = props;
  switch (action) {
    case 'move':
      return (
        <MoveCopyDialog open assetIds={ids} currentFolderId={props.folderId ?? null} onClose={onClose} />
      );
    case 'bulk-edit':
      return <BulkEditDialog open assetIds={ids} onClose={onClose} />;
    case 'cart':
      return <AddToCartDialog open assetIds={ids} onClose={onClose} />;
    case 'collection':
      return <AddToCollectionDialog open assetIds={ids} onClose={onClose} />;
    case 'contact-sheet':
      return <ContactSheetDialog open assetIds={ids} onClose={onClose} />;
    case 'convert':
      return <ConvertDialog open assetIds={ids} onClose={onClose} />;
    case 'request':
      return <RequestDialog open assetIds={ids} onClose={onClose} />;
    case 'stamp':
      return <StampDialog open assetIds={ids} onClose={onClose} />;
    case 'export-metadata':
      return <ExportMetadataDialog open assetIds={ids} onClose={onClose} />;
    case 'share':
      return <ShareDialog source={{ ids: [...ids] }} name="" onClose={onClose} />;
    case 'archive':
      return <ArchiveDialog open assetIds={ids} onClose={onClose} />;
    case 'restore-archive':
      return <RestoreArchiveDialog open assetIds={ids} onClose={onClose} />;
    case 'workflow':
      return <RunWorkflowDialog open assetIds={ids} onClose={onClose} />;
    default:
      return null;
  }
}

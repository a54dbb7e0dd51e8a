import type { Connect } from '@rapid/sdk';
import { STATUS } from '@rapid/sdk';
import { useConnect } from '@rapid/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SessionView } from '../../../api/accounts.ts';
import { downloadBundle } from '../../../api/contract/working-sets-endpoints.ts';
import type { FolderView } from '../../../api/folders.ts';
import { DEFAULT_PLATFORM_SETTINGS } from '../../../api/platform-settings.ts';
import { MIN_CLIENT_VERSION } from '../../../api/transfer-messages.ts';
import { api as damApi } from '../api/api-client.ts';
import { usePlatformSettingsQuery } from '../api/platform-settings.ts';
import { ASSET_KEYS } from '../api/query-keys.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import type { BrowseExtensions } from '../screens/browse/browse-extensions.tsx';
import { useMyWorkspace, useWorkspaceShows } from '../screens/shell/use-workspace.ts';
import { browseEntries } from './browse-entries.tsx';
import { downloadChoice } from './download-choice.ts';
import { DownloadDialog, downloadSubjectOf } from './download-dialog.tsx';
import { type DialogDownloadRequest, DownloadFlow, type DownloadRequest, pathsOf } from './download-flow.ts';
import { LoadingMask } from './loading-mask.tsx';
import { ProgressStore, usableStorage } from './progress-record.ts';
import { ReloadWarning } from './reload-warning.ts';
import { fileDownloadUrl, startBrowserDownload, zipDownloadUrl } from './standard-download.ts';
import { transferApi, uploadActions } from './transfer-api.ts';
import { type TransferActions, TransferContext } from './transfer-context.ts';
import { TransferLog } from './transfer-log.ts';
import { TransferPanel } from './transfer-panel.tsx';
import { useTransferText } from './transfer-text.ts';
import { UploadDialog, type UploadOption } from './upload-dialog.tsx';
import { UploadFlow } from './upload-flow.ts';
import { UploadProgressDialog } from './upload-progress-dialog.tsx';
import { type UploadState, uploadEnded, uploadStateOf } from './upload-state.ts';
import { useClientStatus } from './use-client-status.ts';
import { useCurrentDirectory } from './use-current-directory.ts';
import { useFolderDrop } from './use-folder-drop.tsx';
import { WarningDialog } from './warning-dialog.tsx';

/** How long the progress dialog shows "complete" before it confirms itself. */
const PROGRESS_LINGER_MS = 1500;

type DialogRequest = DialogDownloadRequest | undefined;

/** What the integration gives the shell once it runs: its actions and the browse entries it adds. */
export interface TransferWiring {
  actions: TransferActions;
  extensions: BrowseExtensions;
}

/**
 * The accelerated transfer integration of the signed-in shell: one Connect session driven by its status, the upload
 * and download flows, their dialogs, and the browse extension entries the library screens show. It is its own chunk
 * with the SDK, loaded after the screen (transfer-shell.tsx): it draws its panel and dialogs and hands the shell its
 * actions and entries through `onWired`, so the screens it serves are never drawn again from scratch.
 */
export function TransferIntegration({
  session,
  onWired,
}: {
  session: SessionView;
  onWired: (wiring: TransferWiring | undefined) => void;
}) {
  const { t } = usePreferences();
  const text = useTransferText();
  const shows = useWorkspaceShows();
  const connect: Connect = useConnect({ minVersion: MIN_CLIENT_VERSION, dragDropEnabled: true });
  const { status, menusReady } = useClientStatus(connect);
  const current = useCurrentDirectory(session);
  const [log] = useState(() => new TransferLog());
  const [reload] = useState(() => new ReloadWarning());
  const [store] = useState(() => {
    const storage = usableStorage();
    return storage ? new ProgressStore(storage) : undefined;
  });
  const settings = usePlatformSettingsQuery().data;
  // The flows live as long as the page; they read the settings of the moment they set a transfer up (no workspace
  // id until they are read: a default one could be another site's).
  const settingsNow = useRef(settings);
  settingsNow.current = settings;
  const workspaceNow = useRef<number | undefined>(undefined);
  workspaceNow.current = useMyWorkspace().data?.workspace?.id;
  const api = useMemo(
    () =>
      transferApi(
        undefined,
        () => settingsNow.current?.workspaceId,
        () => workspaceNow.current,
      ),
    [],
  );

  const [uploadOpen, setUploadOpen] = useState(false);
  const [warning, setWarning] = useState<{ httpUpload: boolean }>();
  const [downloadRequest, setDownloadRequest] = useState<DialogRequest>();
  const [masked, setMasked] = useState(false);
  const [progress, setProgress] = useState<{ cookie: string; files: number; state: UploadState }[]>([]);

  const dismiss = useCallback(
    (cookie: string) =>
      setTimeout(
        () => setProgress((list) => list.filter((each) => each.cookie !== cookie)),
        PROGRESS_LINGER_MS,
      ),
    [],
  );
  const setUploadState = useCallback(
    (cookie: string, state: UploadState) => {
      setProgress((list) => list.map((each) => (each.cookie === cookie ? { ...each, state } : each)));
      // A completed upload stays until its line confirms it (R-UPLOAD-FORM: after its form, or at once without one).
      if (uploadEnded(state) && state !== 'complete') dismiss(cookie);
    },
    [dismiss],
  );

  const uploads = useMemo(
    () =>
      new UploadFlow({
        client: connect,
        api,
        actions: uploadActions(),
        store,
        reload,
        log: log.add,
        events: {
          onSeen: (cookie) => setUploadState(cookie, 'uploading'),
          onEnd: (cookie, outcome) => setUploadState(cookie, uploadStateOf(outcome)),
        },
      }),
    [connect, api, store, reload, log, setUploadState],
  );
  const queryClient = useQueryClient();
  const downloads = useMemo(
    () =>
      new DownloadFlow({
        client: connect,
        api,
        log: log.add,
        onDockCleaned: () => void queryClient.invalidateQueries({ queryKey: ASSET_KEYS.loadingDock }),
      }),
    [connect, api, log, queryClient],
  );

  // R-UPLOAD-RESUME: monitoring picks up where the last page left it.
  useEffect(() => {
    for (const cookie of uploads.resume())
      setProgress((list) => [
        ...list,
        { cookie, files: store?.entry(cookie)?.fileCount ?? 0, state: 'uploading' },
      ]);
    return () => uploads.stopAll();
  }, [uploads, store]);

  const mayUpload = session.features.allowUpload && session.permissions.includes('fileUpload');
  const mayDownload =
    session.features.allowDownload &&
    (session.permissions.includes('quickDownload') || session.permissions.includes('downloadHiRes'));
  const running = status === STATUS.RUNNING;

  const fail = useCallback(
    (error: unknown) => {
      const message =
        (error as { userMessage?: string })?.userMessage ?? (error as Error)?.message ?? String(error);
      log.add(message);
      toaster.create({ type: 'error', title: message });
    },
    [log],
  );

  const upload = useCallback(
    async (paths: readonly string[], destDirId: number | null) => {
      setMasked(true);
      try {
        const started = await uploads.upload(paths, destDirId, session.relativePath);
        // Whatever stopped the upload is said where the person is looking, not only in the activity log.
        if (started.problem) toaster.create({ type: 'error', title: started.problem });
        // Only the transfers this upload started: the record also keeps older ones that never got a transfer id (a
        // start that failed, one that ended unseen), and no monitor would ever end a line shown for those.
        const fresh = started.started ?? [];
        if (fresh.length > 0)
          setProgress((list) => [
            ...list.filter((each) => !fresh.includes(each.cookie)),
            ...fresh.map((cookie) => ({ cookie, files: paths.length, state: 'starting' as const })),
          ]);
      } catch (error) {
        fail(error);
      } finally {
        setMasked(false);
      }
    },
    [uploads, session.relativePath, fail],
  );

  const rapidDownload = useCallback(
    async (request: DownloadRequest) => {
      if (connect.getStatus() !== STATUS.RUNNING) {
        // R-UPLOAD-NEEDS-CLIENT: quick download stops silently; the loading dock variants (cart, bundle, dock) warn.
        if (request.kind !== 'assets' && request.kind !== 'folder') setWarning({ httpUpload: false });
        return;
      }
      setMasked(true);
      try {
        await downloads.download(request, session.relativePath);
      } catch (error) {
        fail(error);
      } finally {
        setMasked(false);
      }
    },
    [connect, downloads, session.relativePath, fail],
  );

  const standardDownload = useCallback(
    async (request: DialogDownloadRequest) => {
      try {
        // A bundle's zip holds it as one folder, named after it (the server's own Standard Download of a bundle).
        if (request.kind === 'bundle')
          return startBrowserDownload(damApi.url(downloadBundle, { params: { id: request.bundle.id } }));
        const [single] = request.kind === 'assets' && request.assets.length === 1 ? request.assets : [];
        if (single) startBrowserDownload(fileDownloadUrl(single.path));
        else {
          const name = request.kind === 'cart' ? `${request.cart.name}.zip` : 'download.zip';
          startBrowserDownload(zipDownloadUrl(await pathsOf(api, request), name));
        }
      } catch (error) {
        fail(error);
      }
    },
    [api, fail],
  );

  const dropOn = useCallback(
    async (folder: FolderView, dataTransfer: DataTransfer) => {
      // R-UPLOAD-TARGET: a drop on a tree item with a dir id uploads into that folder.
      try {
        const dropped = connect.getDroppedFiles(dataTransfer);
        if (!(dropped instanceof Promise)) return log.add(dropped.error.user_message);
        const answer = (await dropped) as { dataTransfer?: { files?: { name: string }[] } };
        const paths = (answer.dataTransfer?.files ?? []).map((file) => file.name);
        if (paths.length > 0) await upload(paths, folder.id);
      } catch (error) {
        fail(error);
      }
    },
    [connect, upload, log, fail],
  );
  const drop = useFolderDrop(
    menusReady && mayUpload,
    (folder, dataTransfer) => void dropOn(folder, dataTransfer),
  );

  const actions: TransferActions = useMemo(
    () => ({
      connect,
      status,
      menusReady,
      mayUpload,
      mayDownload,
      log,
      openUpload: () => {
        if (!store) {
          log.add(text('localStorageUnavailable'));
          toaster.create({ type: 'warning', title: text('localStorageUnavailable') });
          return;
        }
        if (connect.getStatus() === STATUS.RUNNING) setUploadOpen(true);
        else setWarning({ httpUpload: true });
      },
      uploadTo: (paths, folder) => void upload(paths, folder.id),
      openDownload: (request) =>
        downloadChoice(
          settingsNow.current ?? DEFAULT_PLATFORM_SETTINGS,
          connect.getStatus() === STATUS.RUNNING,
        ) === 'rapid'
          ? void rapidDownload(request)
          : setDownloadRequest(request),
      rapidDownload: (request) => void rapidDownload(request),
      setUploadPaused: (cookie, paused) => uploads.setPaused(cookie, paused),
      cancelUpload: (cookie, filename) => uploads.cancel(cookie, filename).catch(fail),
    }),
    [
      connect,
      status,
      menusReady,
      mayUpload,
      mayDownload,
      log,
      store,
      text,
      upload,
      rapidDownload,
      uploads,
      fail,
    ],
  );

  const extensions = useMemo(
    () =>
      browseEntries(
        actions,
        {
          rapidQuickDownload: text('rapidQuickDownload'),
          folderRapidDownload: text('folderRapidDownload'),
          rapidDownload: text('rapidDownload'),
          downloadEntry: t('transfer.downloadEntry'),
          badge: t('transfer.badge'),
          badgeLabel: t('transfer.badgeLabel'),
        },
        drop.targetFor,
      ),
    [actions, text, t, drop.targetFor],
  );

  useEffect(() => onWired({ actions, extensions }), [onWired, actions, extensions]);
  useEffect(() => () => onWired(undefined), [onWired]);

  const onUpload = (paths: string[], option: UploadOption) => {
    setUploadOpen(false);
    if (!running) return setWarning({ httpUpload: true });
    void upload(paths, option === 'current' ? current.id : null);
  };

  return (
    <TransferContext.Provider value={actions}>
      {/* R-WORKSPACE-COMPONENTS: the workspace may leave the transfer panel out; transfers go on without it. */}
      {shows('transferPanel') && <TransferPanel session={session} />}
      {drop.popup}
      <UploadDialog
        open={uploadOpen}
        connect={connect}
        current={current}
        standardName={
          // The standard directory is where the relative path permission points (R-ACL-RELATIVE-PATH).
          (session.relativePath ?? session.acl?.rootPath ?? '').split('/').filter(Boolean).pop() ||
          (session.acl?.name ?? '')
        }
        onUpload={onUpload}
        onClose={() => setUploadOpen(false)}
      />
      <DownloadDialog
        open={downloadRequest !== undefined}
        subject={downloadRequest ? downloadSubjectOf(downloadRequest) : { kind: 'file' }}
        onStandard={() => {
          if (downloadRequest) void standardDownload(downloadRequest);
          setDownloadRequest(undefined);
        }}
        onRapid={() => {
          if (downloadRequest) void rapidDownload(downloadRequest);
          setDownloadRequest(undefined);
        }}
        onClose={() => setDownloadRequest(undefined)}
      />
      <WarningDialog
        open={warning !== undefined}
        offerHttpUpload={(warning?.httpUpload ?? false) && mayUpload}
        target={current}
        aclRoot={session.acl?.rootPath ?? null}
        csrfToken={session.csrfToken}
        onClose={() => setWarning(undefined)}
      />
      <UploadProgressDialog uploads={progress} onConfirmed={dismiss} />
      <LoadingMask active={masked} />
    </TransferContext.Provider>
  );
}

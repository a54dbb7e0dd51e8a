import type { Connect, PublicStatus } from '@rapid/sdk';
import { createContext, useContext } from 'react';
import type { FolderView } from '../../../api/folders.ts';
import type { DialogDownloadRequest, DownloadRequest } from './download-flow.ts';
import type { TransferLog } from './transfer-log.ts';

/** Where an upload goes: a folder (by id and path) or the ACL root (null id). */
export interface UploadTarget {
  id: number | null;
  path: string;
  name: string;
}

export interface TransferActions {
  connect: Connect;
  status: PublicStatus;
  /** The client answered a check as running: the transfer menus are there (R-CLIENT-STATUS-UI). */
  menusReady: boolean;
  mayUpload: boolean;
  mayDownload: boolean;
  log: TransferLog;
  /** Quick Upload: the Upload dialog, or the Warning dialog when the client is not running. */
  openUpload(): void;
  /** Upload files the client already knows (a confirmed drop) into a folder. */
  uploadTo(paths: readonly string[], folder: FolderView): void;
  /** The Download dialog for files, a cart or a bundle (Standard or Rapid). */
  openDownload(request: DialogDownloadRequest): void;
  /** Rapid Download straight away (Rapid Quick Download, Download (Rapid), the dialog's Rapid button). */
  rapidDownload(request: DownloadRequest): void;
  /** Pause or resume an upload's monitoring with the client's transfer. */
  setUploadPaused(cookie: string, paused: boolean): void;
  /** The person cancelled an upload: the DAM hears cancelled_upload. */
  cancelUpload(cookie: string, filename?: string): Promise<void>;
}

export const TransferContext = createContext<TransferActions | undefined>(undefined);

export function useTransferActions(): TransferActions {
  const actions = useContext(TransferContext);
  if (!actions) throw new Error('Render this inside <TransferProvider>.');
  return actions;
}

/** The transfer actions, or undefined outside the signed-in shell. */
export function useOptionalTransferActions(): TransferActions | undefined {
  return useContext(TransferContext);
}

export { decodeBody64 } from './body64.ts';
export type { ClientSettings, SiteDecisions, SiteTrust } from './client-settings.ts';
export {
  clientSettings,
  clientSettingsPatch,
  forgetSiteRequest,
  siteDecisions,
  siteTrust,
} from './client-settings.ts';
export { connectErrorBody } from './connect-error.ts';
export type { DataTransfer, FileFilter } from './connect-files.ts';
export {
  CHECKSUM_METHODS,
  checksumRequest,
  dataTransfer,
  droppedFilesRequest,
  fileBuffer,
  fileFilter,
  openFileDialogRequest,
  openFolderDialogRequest,
  readChunkRequest,
  readFileRequest,
  saveFileDialogRequest,
} from './connect-files.ts';
export type { AuthSpec } from './connect-info.ts';
export { authSpec, legacySession, portsRequest, updateRequireRequest } from './connect-info.ts';
export type {
  AllTransfersInfo,
  ConnectSettings,
  RateChange,
  ResumeRequest,
  StartTransfersRequest,
  TransferInfo,
  TransferSpec,
  TransferStatus,
} from './connect-transfers.ts';
export {
  activityRequest,
  allTransfersInfo,
  connectSettings,
  rateChange,
  resumeRequest,
  settingsOnly,
  startTransfersRequest,
  TRANSFER_STATUSES,
  transferInfo,
  transferSpec,
} from './connect-transfers.ts';
export { describeIssues } from './describe-issues.ts';
export { isInstallIssue } from './disconnect.ts';
export type { DriveAccount, DriveCheckout, FileLock, PublicDriveAccount } from './drive.ts';
export {
  checkoutIdsRequest,
  checkoutRequest,
  driveAccount,
  driveCheckout,
  fileLock,
  publicDriveAccount,
} from './drive.ts';
export type { DriveLockReply, DriveVersionReply } from './drive-server-api.ts';
export {
  DRIVE_SERVER_PATHS,
  driveLockReply,
  driveServerFailure,
  driveVersionReply,
} from './drive-server-api.ts';
export type { ConnectErrorBody } from './error-body.ts';
export { connectError, invalidRequest } from './error-body.ts';
export type { FrameToWorker, WorkerToFrame } from './extension-messages.ts';
export { frameToWorker, workerToFrame } from './extension-messages.ts';
export type { HostReply, HostRequest, MessageSender } from './host-envelope.ts';
export {
  BODY64_PIECE_CHARS,
  HOST_MESSAGE_LIMIT_BYTES,
  hostReply,
  hostRequest,
  messageSender,
} from './host-envelope.ts';
export type { InstallEntry, InstallLink, InstallManifest } from './install-manifest.ts';
export { installEntry, installLink, installManifest } from './install-manifest.ts';
export { readInstallManifest } from './install-manifest-guard.ts';
export type { LargeReplyRoute, LargeReplyTicket } from './large-reply.ts';
export {
  LARGE_REPLY_PATH,
  LARGE_REPLY_ROUTES,
  largeReplyRequest,
  largeReplyTicket,
} from './large-reply.ts';
export {
  BRIDGE_READY_ATTRIBUTE,
  CONNECT_API_VERSION,
  EVENT_NAMES,
  HOST_IDENTITY,
  NATIVE_HOST_NAME,
} from './names.ts';
export type {
  BrowseRequest,
  OpsReadTokenReply,
  OpsReadTokenRequest,
  SetupReply,
  SetupRequest,
  TransferPutRequest,
  TransferRequest,
} from './node-api-requests.ts';
export {
  browseRequest,
  opsReadTokenReply,
  opsReadTokenRequest,
  setupReply,
  setupRequest,
  transferPutRequest,
  transferRequest,
} from './node-api-requests.ts';
export type { CheckResponse, ConnectRequest, ResponseDetail } from './page-envelope.ts';
export {
  checkResponse,
  chunkResponseDetail,
  connectRequest,
  MAX_REQUEST_BODY_CHARS,
  plainResponseDetail,
  responseDetail,
} from './page-envelope.ts';
export type {
  AcceptMessage,
  ControlMessage,
  FeedbackMessage,
  HelloMessage,
  OfferMessage,
  PlanMessage,
  RateMessage,
} from './rapid-control.ts';
export { controlMessage } from './rapid-control.ts';
export type { HttpSessionClose, HttpSessionOpen, HttpSessionOpened } from './rapid-http-session.ts';
export {
  httpDownloadFile,
  httpSessionClose,
  httpSessionOpen,
  httpSessionOpened,
  httpUploadPlan,
} from './rapid-http-session.ts';
export type { FileChecksum, RapidTransferSpec, RatePolicy, TransferPath } from './rapid-transfer-spec.ts';
export { fileChecksum, rapidTransferSpec, ratePolicy, transferPath } from './rapid-transfer-spec.ts';
export type { AssembledReply } from './reply-assembler.ts';
export { ReplyAssembler } from './reply-assembler.ts';
export { readResponseDetail } from './response-detail-guard.ts';
export type { VersionInfo } from './version-info.ts';
export { versionInfo } from './version-info.ts';

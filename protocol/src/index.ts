export type { ConnectErrorBody } from './connect-error.ts';
export { connectError, connectErrorBody, invalidRequest } from './connect-error.ts';
export { describeIssues } from './describe-issues.ts';
export { isInstallIssue } from './disconnect.ts';
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
export {
  BRIDGE_READY_ATTRIBUTE,
  CONNECT_API_VERSION,
  EVENT_NAMES,
  HOST_IDENTITY,
  NATIVE_HOST_NAME,
} from './names.ts';
export type {
  BrowseRequest,
  SetupReply,
  SetupRequest,
  TransferPutRequest,
  TransferRequest,
} from './node-api-requests.ts';
export {
  browseRequest,
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
export type { FileChecksum, RapidTransferSpec, RatePolicy, TransferPath } from './rapid-transfer-spec.ts';
export { fileChecksum, rapidTransferSpec, ratePolicy, transferPath } from './rapid-transfer-spec.ts';
export type { VersionInfo } from './version-info.ts';
export { versionInfo } from './version-info.ts';

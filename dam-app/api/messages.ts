/**
 * The texts (R-SPEC-TEXTS) of validation, roles and errors that the accounts and access screens show, word for
 * word where the spec gives the words. The server sends them as `user_message`; the web app shows the same ones.
 */
export const MESSAGES = {
  // Account and passwords
  usernameBlank: 'Username is blank.',
  usernameExists: 'Username already exists.',
  usernameOrEmail: 'You must fill out either your username or your email.',
  passwordEmpty: 'The password cannot be empty.',
  passwordsDoNotMatch: 'Passwords do not match.',
  oldPasswordRequired: 'An old password is required.',
  oldAndNewSame: 'The old and new password cannot be the same.',
  oldPasswordIncorrect: 'The old password is incorrect.',
  passwordTooShort: 'The password is too short.',
  activationCodeEmpty: 'Activation code cannot be empty.',
  activationCodeInvalid: 'The activation code is invalid.',
  // Email
  emailInvalid: 'The email is invalid.',
  emailMissingAt: 'The email is missing "@".',
  emailManyAt: 'The email has "@" more than once.',
  emailNoUser: 'The user name must come before "@".',
  emailNoServer: 'The server name must follow "@".',
  emailFormat: 'Enter valid email address format.',
  // Assets, copy and move (required fields)
  requiredEmpty: 'You can not leave this empty.',
  maxChars32: 'Maximum of 32 Characters.',
  phoneCharacters: 'The phone number contains characters that are not allowed.',
  // Roles and permissions
  notAdministrator: 'You must be an administrator to access the page.',
  noPermission: 'You do not have permission to do this action.',
  noAcl: 'You have no ACL. Contact the administrator.',
  aclRootMissing: "This ACL's root path is missing. Switch to another ACL or log out.",
  specialUsers: 'The special users root, nologin and guest cannot be deleted.',
  // Access
  unauthorized: 'Unauthorized.',
  accessDenied: 'Access denied, the requested asset is not accessible.',
  linkInvalid: 'The link to this page is invalid or has expired.',
  tokenInvalid: 'Token is invalid.',
  cookiesDisabled: 'Cookies are disabled.',
  sessionTimedOut: 'Session timed out (reload and log in again).',
  browserNotSupported: 'Browser not supported.',
  // Licensing
  licenseFull: 'The maximum number of users permitted by the license has been reached.',
  // Invitations
  invitationError: 'There was an error with your invitation. Contact the administrator.',
  invitationDone: 'This invitation has already been completed or deleted.',
  invitationNotSent: 'The invitation could not be sent.',
  // Other
  apiKeyExists: 'The API key already exists.',
  operationFailed: 'Operation failed on server.',
  // Uploads ("upload failed due to a server error"); a full disk has no words in the spec, these are ours.
  uploadFailed: 'Upload failed due to a server error.',
  storageFull: 'The server’s storage is full. Try again once space has been freed.',
  // An infected upload (R-UPLOAD-SCAN) has no words in the spec; these are ours.
  uploadInfected:
    'The file was not added: the antivirus found a threat in it. It is quarantined and the administrators have been told.',
  antivirusNotConfigured: 'No antivirus is set up on this server, so nothing can be scanned again.',
  // "asset not found or no permission" is the spec's; the other kinds have no words in the spec, these are ours.
  notFound: 'Asset not found or no permission.',
  userNotFound: 'This user does not exist.',
  groupNotFound: 'This group does not exist.',
  aclNotFound: 'This ACL does not exist or is not yours.',
  cartNotFound: 'This cart does not exist or is not yours.',
  collectionNotFound: 'This collection does not exist or you may not see it.',
  folderNotFound: 'This folder does not exist or you may not see it.',
  loadingDockNotFound: 'This loading dock does not exist or is not yours.',
  nodeNotFound: 'This transfer node does not exist.',
  transferNotFound: 'This transfer does not exist or is not yours.',
  uploadNotFound: 'This upload does not exist or is not yours.',
  renditionNotFound: 'This rendition of the asset does not exist.',
  savedSearchNotFound: 'This saved search does not exist or is not yours.',
  apiKeyNotFound: 'This API key does not exist or is not yours.',
  notificationNotFound: 'This notification does not exist or is not yours.',
  taskNotFound: 'This task does not exist or is not yours.',
  endpointNotFound: 'There is no such API endpoint.',
  tooManyAttempts: 'Too many failed attempts. Wait a few minutes, then try again.',
  badRequest: 'The request is not valid.',
  tooLarge: 'The request is too large.',
  loginFailed: 'The username or password is incorrect.',
  // External shares (R-SHARE-EXPIRY, R-SHARE-LIMIT; the wrong-password and gone texts are ours)
  externalLinkError: 'Error creating external link, try again.',
  shareMaxDownloadBlankOrPositive: 'External share max download must be blank or greater than zero.',
  shareDownloadCountRange: 'The download count entered must be 1 to 100.',
  sharePasswordWrong: 'The password is incorrect.',
  shareNotFound: 'This share does not exist or is not yours.',
  // External portals (R-PORTAL-STATES; the state texts are ours, the spec names the states only)
  portalNotFound: 'This portal does not exist or is not yours.',
  portalExpired: 'This portal has expired.',
  portalUnpublished: 'This portal is no longer published.',
  // Remote (FTP) servers (R-REMOTE-SERVERS; the not-found and name texts are ours)
  sourceUrlRequired: 'Source URL is required. Please select a server.',
  remoteConnectFailed: 'Cannot connect to remote server. Invalid connection details.',
  remoteServerNotFound: 'This remote server does not exist.',
  remoteServerExists: 'A remote server with this name already exists.',
  remoteAddressInvalid: 'The address is a host name, or a host name and a port (host:port).',
  // R-REMOTE-SFTP (ours)
  remoteHostKeyChanged:
    'The remote server’s host key has changed since it was recorded, so the DAM refused to connect. If the server was reinstalled, forget the recorded key and test it again.',
  remoteKeyInvalid: 'This private key cannot be read. Paste an unencrypted OpenSSH or PEM private key.',
  remoteKeyOnlySftp: 'Only an SFTP server signs in with a private key.',
  remotePasswordOrKey: 'Enter a password or a private key.',
  // The configurator lease (R-CONFIGURATOR-LEASE)
  anotherConfigurator: 'Another user is configuring the application.',
  // The database out of reach (a restart): answered 503 (ours)
  databaseUnavailable: 'The DAM cannot reach its database just now. Try again in a moment.',
  // Archive and restore (R-ARCHIVE; the archived-download text is ours: users see "archived — restore", not an error)
  retentionBeforeArchive: 'The retention date cannot be before the archive date.',
  restoreNotArchiveProxy: 'Unable to restore an asset that is not an archive proxy asset.',
  assetArchived: 'This asset is archived. Ask an administrator to restore it.',
  assetAlreadyArchived: 'This asset is already archived or scheduled for archive.',
  // Runtime settings (R-RUNTIME-SETTINGS, ours: the spec has none)
  settingPinned: 'This setting is fixed by the server’s environment and cannot be changed here.',
  settingInvalid: 'This value is not allowed for this setting.',
  // R-THEMES (issue 30): the spec's thumbnail text, and ours for a theme's contrast and its built-in ones.
  themeThumbnail: 'A theme thumbnail must be a 150x135 PNG.',
  themeContrast: 'This text and its background are below the 4.5:1 contrast WCAG AA asks for.',
  themeBuiltIn: 'A built-in theme cannot be changed or deleted; save a copy under another name.',
  themeIsDefault: 'The default theme cannot be deleted; choose another default in the Theme organizer first.',
} as const;

/** R-PASSWORD-POLICY password counts, worded for the configured numbers. */
export const passwordRuleMessage = {
  symbols: (n: number) => `Passwords must contain at least ${n} ${n === 1 ? 'symbol' : 'symbols'}.`,
  numbers: (n: number) => `Passwords must contain at least ${n} ${n === 1 ? 'number' : 'numbers'}.`,
  upper: (n: number) => `Passwords must contain at least ${n} upper-case ${n === 1 ? 'letter' : 'letters'}.`,
  lower: (n: number) => `Passwords must contain at least ${n} lower-case ${n === 1 ? 'letter' : 'letters'}.`,
  minLength: (n: number) => `Passwords must be at least ${n} characters long.`,
};

/**
 * R-FIELD-VALIDATORS, R-FORM-SCHEMA, R-DICTIONARY-UPLOAD, R-DICTIONARY-IN-USE: the texts of metadata fields, forms and dictionaries.
 * The spec names the kinds (numeric min/max/not-a-number, text maximum length {0}, …) without words; these are ours.
 */
export const FIELD_MESSAGES = {
  notANumber: 'Enter a number.',
  notAWholeNumber: 'Enter a whole number.',
  notNegative: 'Enter a number that is not negative.',
  numberMin: (min: number | string) => `Enter a number of at least ${min}.`,
  numberMax: (max: number | string) => `Enter a number of at most ${max}.`,
  textMaxLength: (n: number) => `Enter at most ${n} characters.`,
  textMinLength: (n: number) => `Enter at least ${n} characters.`,
  textPattern: 'The text does not have the required form.',
  dateInvalid: 'Enter a date as YYYY-MM-DD, or a date and time as YYYY-MM-DDTHH:MM.',
  dateMin: (min: string) => `Enter a date on or after ${min}.`,
  dateMax: (max: string) => `Enter a date on or before ${max}.`,
  notInDictionary: 'Choose a word from the dictionary.',
  assetReference: 'The asset ID must be a valid number and must exist.',
  // Forms and fields (R-FORM-SCHEMA)
  schemaEnd: 'The schema name must end with "/" or "#".',
  schemaCharacters: 'The schema name contains characters that are not allowed.',
  propertyName: 'A field name starts with a letter or "_" and holds only letters, digits, ".", "-" and "_".',
  fieldAlreadyAdded: 'The field is already added.',
  formNameExists: 'A form name must not already exist.',
  formCheckSchema: 'Unable to create form (check schema).',
  formNameRequired: 'A form needs a name.',
  formNotFound: 'This form does not exist.',
  noForm: 'No metadata form is assigned to the folder of this asset.',
  unknownField: 'The form has no such field.',
  dictionaryMissing: 'This dictionary does not exist.',
  ruleFieldUnknown: 'A rule names a field the form does not have.',
  // Dictionaries (R-DICTIONARY-UPLOAD, R-DICTIONARY-IN-USE)
  dictionaryUpload: 'A dictionary upload must be an Excel format.',
  dictionaryTerms: 'Dictionary terms must be unique and at most 128 characters.',
  dictionaryInUse: 'A dictionary used by forms or fields cannot be deleted.',
  // Stamps (R-STAMP)
  stampNameExists: 'A stamp with this name already exists.',
  stampNotFound: 'This stamp does not exist.',
  stampRunUndone: 'This stamp has already been undone.',
  dictionaryNameExists: 'A dictionary with this name already exists.',
  dictionaryNotFound: 'This dictionary does not exist.',
} as const;

/** R-PORTAL-LIMITS, the spec's text with its number. */
export const portalAssetLimitMessage = (limit: number) =>
  `The external portal supports fewer than ${limit} total assets.`;
/** The Workflow Manager's texts (R-WORKFLOW-SANDBOX, R-WORKFLOW-RUNS). */
export const WORKFLOW_MESSAGES = {
  workflowNameExists: 'A workflow with this name already exists.',
  workflowNotFound: 'This workflow does not exist.',
  workflowFolderMissing: 'The folder the workflow watches does not exist.',
  scriptTimedOut: (ms: number) => `The script was stopped: it ran longer than its timeout of ${ms} ms.`,
  scriptOutOfMemory: (mb: number) =>
    `The script was stopped: it used more than its memory limit of ${mb} MB.`,
  scriptFailed: (message: string) => `The script failed: ${message}`,
  scriptBadChange: 'The script asked for a change the DAM does not know.',
  workflowMoveTargetMissing: (folder: string) => `The folder "${folder}" does not exist.`,
  workflowMoveTargetTaken: (path: string) => `A file "${path}" already exists.`,
  workflowAssetGone: 'The asset is no longer in the library.',
  // R-WORKFLOW-MODEL, R-WORKFLOW-STEPS, R-WORKFLOW-DEBUGGER (s39).
  workflowUsedForPermission: 'A workflow cannot be removed while used for a permission.',
  workflowFolderNotFound: 'This workflow folder does not exist.',
  workflowFolderExists: 'A workflow folder with this name already exists here.',
  workflowFolderNotEmpty: 'The workflow folder still holds workflows or folders.',
  workflowFolderCycle: 'A workflow folder cannot be moved into itself.',
  workflowCancelled: 'The workflow was cancelled.',
  workflowNotManual: 'This workflow is not started by hand.',
  runNotFound: 'This workflow run does not exist.',
  workflowOnlyFailedReplay: 'Only a run that ended in error can be replayed.',
  workflowAclMissing: 'One of the ACLs does not exist.',
  stepNeedsAsset: 'This step needs an asset, and the run has none.',
  stepStampMissing: 'The stamp of this step no longer exists.',
  stepUrlFailed: (status: string) => `The call to the URL failed: ${status}.`,
  stepPresetMissing: 'The conversion preset of this step no longer exists.',
  stepNoActor: 'No administrator is left for the workflow to act as.',
  stepBadRecipient: (to: string) => `"${to}" is not an e-mail address to share with.`,
  // R-WORKFLOW-PERMISSION: a Permission workflow's refusal, said to the person.
  permissionDenied: (name: string, reason: string) => `The workflow "${name}" refused this: ${reason}`,
  permissionNotAllowed: (name: string) => `The workflow "${name}" did not allow this.`,
  permissionNoAnswer: (name: string, error: string) =>
    `The workflow "${name}" gave no answer, so this is refused. ${error}`,
  // R-WORKFLOW-URL-CALL: what went wrong with a URL call, and what would work.
  stepUrlPortBlocked: (port: number) =>
    `Port ${port} is reserved for another service (mail, SSH and the like), so the DAM does not call it. Use port 80 or 443, or another port such as 8080 or 8443.`,
  stepUrlRefused: (address: string) =>
    `Nothing accepted the call at ${address}. Check the URL's host and port, and that the service receiving it is running.`,
  stepUrlUnknownHost: (host: string) =>
    `The host "${host}" of the URL is not known. Check how it is spelled.`,
  stepUrlTimedOut: (seconds: number) => `The URL did not answer within ${seconds} seconds.`,
} as const;

/** R-METADATA-IMPORT, R-METADATA-EXPORT: the spec's texts of metadata import and export, and ours for a row's errors. */
export const METADATA_IO_MESSAGES = {
  importFileType: 'Import upload accepts CSV, XML or TXT only.',
  customDelimiter: 'A custom delimiter and escape character must be filled when the custom format is used.',
  exportTooLarge: 'Export has a maximum size.',
  importTooLarge: 'The import file is too large.',
  unreadable: 'The file could not be read in the chosen format and encoding.',
  noKeyColumn: (key: string) => `The file has no "${key}" column to match assets by.`,
  rowLength: (found: number, expected: number) => `This row has ${found} values; the header has ${expected}.`,
  noAsset: 'No asset you may change has this ID or path.',
  importNotFound: 'This import does not exist.',
  notEncodable: (encoding: string) => `Some values cannot be written in ${encoding}; choose UTF-8 or UTF-16.`,
} as const;

/**
 * Browser native-messaging errors that mean "the client is not installed or not registered"
 * (connect-protocol.md §5.5). Any other disconnect is transient: the SDK degrades and re-detects.
 */
const INSTALL_ISSUE_FRAGMENTS = [
  'native messaging host not found',
  'error when communicating with the native messaging host',
  'access to the specified native messaging host is forbidden',
  'no such native application',
] as const;

export function isInstallIssue(disconnectText: string): boolean {
  const text = disconnectText.toLowerCase();
  return INSTALL_ISSUE_FRAGMENTS.some((fragment) => text.includes(fragment));
}

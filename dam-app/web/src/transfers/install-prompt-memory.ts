/**
 * A person who closed the install prompt has chosen the standard downloads for now: the prompt stays closed for the
 * rest of the browser session (a Rapid action still explains, in the Warning dialog, what it needs). sessionStorage
 * so a new session asks again; unavailable storage just means the prompt comes back, never an error.
 */
const KEY = 'rapid-dam.install-prompt-closed';

export function installPromptClosed(storage: Pick<Storage, 'getItem'> | undefined = safeSession()): boolean {
  try {
    return storage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberInstallPromptClosed(
  storage: Pick<Storage, 'setItem'> | undefined = safeSession(),
): void {
  try {
    storage?.setItem(KEY, '1');
  } catch {
    // Private modes may refuse storage: the prompt will simply show again on the next page.
  }
}

function safeSession(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export const INSTALL_PROMPT_CLOSED_KEY = KEY;

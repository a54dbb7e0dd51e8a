import { HttpBridge } from '../bridge/http/http-bridge.ts';
import { Logger } from '../logger/logger.ts';
import { isAtLeast } from '../util/version.ts';

export const DIAGNOSES = {
  incompatible: 'Incompatible version of Connect detected. You must upgrade to 3.9+.',
  notResponding:
    'Connect 3.9+ was detected but is not responding to extension requests. Check native message host registration.',
  notInstalled: 'Check that Connect 3.9+ is installed.',
} as const;

/**
 * After the extension path timed out: one sweep of the local HTTP ports (without launching anything) tells a
 * missing client from an old one or one whose native host is not registered (connect-protocol.md §4.3).
 */
export async function diagnoseExtensionTimeout(): Promise<string> {
  const http = new HttpBridge(() => {});
  const stop = new AbortController();
  try {
    if (!(await http.detect(0, stop.signal))) return report(DIAGNOSES.notInstalled);
    const { status, body } = await http.send({ method: 'GET', path: '/connect/info/version', body: '' });
    const version = status === 200 ? (JSON.parse(body) as { version?: string }).version : undefined;
    return report(version && !isAtLeast(version, '3.9') ? DIAGNOSES.incompatible : DIAGNOSES.notResponding);
  } catch {
    return report(DIAGNOSES.notResponding);
  } finally {
    http.stop();
  }
}

function report(text: string): string {
  Logger.error(text);
  return text;
}

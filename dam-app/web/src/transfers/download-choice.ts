import { isSeamless, type PlatformSettings } from '../../../api/platform-settings.ts';

/**
 * R-ASPERA-SEAMLESS: what a Download asks for. With `mb.aspera.seamless` on and the client running it goes straight to
 * Rapid Download; otherwise the Download dialog offers Standard or Rapid.
 */
export function downloadChoice(
  settings: Pick<PlatformSettings, 'asperaSeamless'>,
  clientRunning: boolean,
): 'rapid' | 'dialog' {
  return isSeamless(settings) && clientRunning ? 'rapid' : 'dialog';
}

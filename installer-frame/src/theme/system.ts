import { createSystem, defaultConfig } from '@chakra-ui/react';

/**
 * Chakra's defaults with a transparent page: the parent dims itself behind the full-size frame, and the small bar's
 * colours come from the banner, not from the document.
 */
export const frameSystem = createSystem(defaultConfig, {
  globalCss: { 'html, body': { background: 'transparent' } },
});

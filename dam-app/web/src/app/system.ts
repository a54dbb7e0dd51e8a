import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's default system with the DAM's accent colour. Focus rings stay visible for keyboard users (Chakra's
 * `focusVisibleRing`), colour modes follow the `dark` class the preferences put on <html>.
 */
export const damSystem = createSystem(
  defaultConfig,
  defineConfig({
    globalCss: {
      'html, body': { bg: 'bg', color: 'fg' },
      '*:focus-visible': { outlineColor: 'colorPalette.focusRing' },
    },
    theme: {
      semanticTokens: {
        colors: {
          'dam.header': { value: { base: '{colors.teal.800}', _dark: '{colors.gray.900}' } },
          'dam.headerFg': { value: { base: '{colors.white}', _dark: '{colors.gray.100}' } },
          'dam.panel': { value: { base: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
        },
      },
    },
  }),
);

import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's default system with the DAM's accent colour. Focus rings stay visible for keyboard users (Chakra's
 * `focusVisibleRing`), colour modes follow the `dark` class the preferences put on <html>.
 */
export const damConfig = defineConfig({
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
        // Chakra's teal.600 under white text is 3.7:1; teal.700 passes WCAG AA (4.5:1) in both modes.
        // Chakra's fg.error (red.500) on white is 3.8:1; the darker shades pass AA for the 12 px field messages.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.700}' } } },
      },
    },
  },
});
export const damSystem = createSystem(defaultConfig, damConfig);

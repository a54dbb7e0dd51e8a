import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's theme with only the recipes the frame renders (a fraction of the default system's CSS to generate at
 * start-up), and a transparent page: the parent dims itself behind the full-size frame, and the small bar's colours
 * come from the banner, not from the document.
 */
export const frameSystem = createSystem(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss: { ...globalCss, 'html, body': { background: 'transparent' } },
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: { button: buttonRecipe, heading: headingRecipe, link: linkRecipe, spinner: spinnerRecipe },
      slotRecipes: { list: listSlotRecipe },
    },
  }),
);

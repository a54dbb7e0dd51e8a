// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_THEMES, type ThemeValues } from '../../../api/themes.ts';
import { themeSystem } from './theme-system.ts';

const harbour = BUILT_IN_THEMES.harbour as ThemeValues;
const css = () => [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
/** The selector of the rule that sets the header token to `value`. */
const selectorOf = (value: string) => {
  const text = css();
  const at = text.indexOf(`--chakra-colors-dam\\.header:${value};`);
  const open = text.lastIndexOf('{', at);
  return text.slice(Math.max(text.lastIndexOf('}', open), text.lastIndexOf('{', open - 1)) + 1, open);
};

describe('R-THEMES: a theme as a Chakra system', () => {
  it('puts the shell theme’s modes on the marked <html> only, never on every element', () => {
    render(
      <ChakraProvider value={themeSystem(harbour, 'both')}>
        <div />
      </ChakraProvider>,
    );
    expect(selectorOf(harbour.light.header)).toBe('html[data-dam-theme]:not(.dark)');
    expect(selectorOf(harbour.dark.header)).toBe('html[data-dam-theme].dark');
    expect(css()).toContain('--chakra-fonts-heading:Georgia');
  });

  it('puts a preview’s tokens on its box, its mode from the box’s data-mode', () => {
    const edited = { ...harbour, dark: { ...harbour.dark, header: '#010203' } };
    render(
      <ChakraProvider value={themeSystem(edited, 'dark', '[data-theme-preview]')}>
        <div />
      </ChakraProvider>,
    );
    expect(selectorOf('#010203')).toBe('[data-theme-preview]');
    expect(css()).toContain('[data-theme-preview][data-mode=dark]{');
  });
});

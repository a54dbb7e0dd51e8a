import type { MessageKey } from '../../i18n/messages-en.ts';

const KNOWN = ['thumbnail', 'preview', 'poster', 'web-preview', 'icon'] as const;

/** A rendition's name in the person's words; one the app does not know is shown as the server names it. */
export function renditionLabel(name: string, t: (key: MessageKey) => string): string {
  return (KNOWN as readonly string[]).includes(name)
    ? t(`assets.rendition.${name as (typeof KNOWN)[number]}`)
    : name;
}

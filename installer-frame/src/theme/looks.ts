/** The two banner styles of connect-bridge.md §2, from one source: only colours and shapes differ. */
export type InstallerStyle = 'carbon' | 'blue';

export interface Look {
  background: string;
  text: string;
  muted: string;
  /** Primary button. */
  accent: string;
  accentText: string;
  accentHover: string;
  /** Secondary buttons and links. */
  link: string;
  radius: string;
  font: string;
  shadow: string;
  /** Borders that set the banner off from a page of the same colour. */
  borderLeft: string;
  borderBottom: string;
}

// Contrast is at least 4.5:1 for every text colour against its background (WCAG AA; axe checks it end to end).
export const LOOKS: Record<InstallerStyle, Look> = {
  carbon: {
    background: '#ffffff',
    text: '#161616',
    muted: '#525252',
    accent: '#0f62fe',
    accentText: '#ffffff',
    accentHover: '#0050e6',
    link: '#0f62fe',
    radius: '0',
    font: "'IBM Plex Sans', 'Helvetica Neue', Arial, sans-serif",
    shadow: '0 12px 24px 0 rgba(0, 0, 0, 0.1)',
    borderLeft: '4px solid #0f62fe',
    borderBottom: '1px solid #c6c6c6',
  },
  blue: {
    background: '#0b4f9c',
    text: '#ffffff',
    muted: '#e6eef8',
    accent: '#ffffff',
    accentText: '#0b4f9c',
    accentHover: '#e6eef8',
    link: '#ffffff',
    radius: '6px',
    font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    shadow: 'none',
    borderLeft: 'none',
    borderBottom: 'none',
  },
};

export function styleOf(value: string | undefined): InstallerStyle {
  return value === 'blue' ? 'blue' : 'carbon';
}

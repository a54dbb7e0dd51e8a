import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { About } from './about.tsx';
import { PAGES, Preferences } from './preferences.tsx';
import { TransferManager, TransferMonitor } from './transfers.tsx';

// One bundle for every window; the path the daemon opened decides which one this is.
function Window() {
  const [, , section, detail] = window.location.pathname.split('/');
  if (section === 'about') return <About />;
  if (section === 'preferences') {
    const page = PAGES.find((name) => name === detail) ?? 'general';
    return <Preferences page={page} />;
  }
  if (section === 'transfers' && detail) return <TransferMonitor id={decodeURIComponent(detail)} />;
  return <TransferManager />;
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Window />
    </StrictMode>,
  );

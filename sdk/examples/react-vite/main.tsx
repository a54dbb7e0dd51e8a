/** @jsxRuntime automatic @jsxImportSource react */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DownloadApp } from '../shared/download-app.tsx';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <DownloadApp />
    </StrictMode>,
  );

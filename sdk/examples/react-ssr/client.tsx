/** @jsxRuntime automatic @jsxImportSource react */
import { hydrateRoot } from 'react-dom/client';
import { DownloadApp } from '../shared/download-app.tsx';

// The server rendered <DownloadApp /> with INITIALIZING; hydrating renders the same first, then the session starts.
const root = document.getElementById('root');
if (root) hydrateRoot(root, <DownloadApp />);

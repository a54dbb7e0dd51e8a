import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Banner } from './components/banner.tsx';
import { type DialogState, parseParentMessage } from './messages/parent-message.ts';

function App() {
  const [state, setState] = useState<DialogState>('launching');
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const message = parseParentMessage(event.data);
      if (message.kind === 'state') setState(message.state);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return <Banner state={state} />;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);

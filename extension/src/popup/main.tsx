import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { FRAME_PORT_NAME } from '../frame-port.ts';
import { browser } from '../platform/browser-api.ts';
import { PopupClient } from './client/popup-client.ts';
import { PopupApp } from './components/popup-app.tsx';

// Wiring only: the popup reaches the client through the same worker relay as pages do.
const client = new PopupClient((onMessage, onLost) => {
  const port = browser.runtime.connect({ name: FRAME_PORT_NAME });
  port.onMessage.addListener(onMessage);
  port.onDisconnect.addListener(onLost);
  return { post: (message) => port.postMessage(message), close: () => port.disconnect() };
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <ChakraProvider value={defaultSystem}>
      <PopupApp client={client} />
    </ChakraProvider>,
  );
}

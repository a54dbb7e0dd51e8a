import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { handleDownloadSpec, nodeEndpoint } from '../shared/node-api.mjs';

/** The site's server part: `POST /api/download-spec` asks the transfer node (../shared/node-api.mjs). */
const nodeApi = (): Plugin => ({
  name: 'rapid-example-node-api',
  async configureServer(server) {
    const node = await nodeEndpoint();
    server.middlewares.use('/api/download-spec', (req, res, next) => {
      if (req.method !== 'POST') return next();
      handleDownloadSpec(node, req, res).catch(next);
    });
    server.httpServer?.once('listening', () => {
      const address = server.httpServer?.address();
      const port = typeof address === 'object' && address ? address.port : '?';
      process.stdout.write(`React + Vite example: http://127.0.0.1:${port}/ (node ${node.origin})\n`);
    });
  },
});

// `npx vite sdk/examples/react-vite`: the app imports `@rapid/sdk/react` as any app would (the package's build).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), nodeApi()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 8091), strictPort: true },
  logLevel: 'warn',
});

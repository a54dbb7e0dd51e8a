import { serveDam } from '../serve-dam.ts';
import { createDemoContentWithRetry } from './demo-content-retry.ts';
import { seedDemo } from './seed-demo.ts';

// `node dam-app/dist/demo-server.mjs` (what `npm start` runs): the DAM of main.ts, with the demo accounts (made
// once; the administrator's password is DAM_ADMIN_PASSWORD when set) and the demo content, whose logins and outcome
// it adds to the `started` line.
await serveDam(async (services) => {
  const demoLogins = await seedDemo(services);
  const demoContent = await createDemoContentWithRetry(services);
  return {
    started: { demoLogins, demoContent: demoContent.outcome },
    stop: demoContent.stop,
  };
});

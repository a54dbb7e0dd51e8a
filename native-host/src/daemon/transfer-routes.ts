import { isAbsolute, normalize, resolve, sep } from 'node:path';
import {
  activityRequest,
  type ConnectSettings,
  rateChange,
  resumeRequest,
  settingsOnly,
  startTransfersRequest,
  type TransferSpec,
} from '@rapid/protocol';
import type { Hono } from 'hono';
import { ConnectFailure, forbidden } from './connect-failure.ts';
import type { DaemonContext } from './context.ts';
import { originOf, readBody, scopeOf } from './read-body.ts';

export function addTransferRoutes(app: Hono, context: DaemonContext): void {
  const { manager, trust } = context;

  app.post('/connect/transfers/activity', async (c) => {
    const request = await readBody(c, activityRequest);
    const origin = originOf(c);
    trust.checkKey(origin, request.authorization_key);
    const token = typeof request.iteration_token === 'number' ? request.iteration_token : 0;
    return c.json(manager.activity(scopeOf(c), token));
  });

  app.post('/connect/transfers/start', async (c) => {
    const request = await readBody(c, startTransfersRequest);
    const origin = originOf(c);
    trust.checkKey(origin, request.authorization_key);
    await trust.require(origin);
    const specs: { spec: TransferSpec; settings: ConnectSettings }[] = [];
    for (const each of request.transfer_specs) {
      const settings = { ...request.aspera_connect_settings, ...each.aspera_connect_settings };
      await checkPaths(context, origin as string, each.transfer_spec, settings);
      specs.push({ spec: each.transfer_spec, settings });
    }
    return c.json({ transfer_specs: manager.start(origin as string, specs) });
  });

  app.post('/connect/transfers/info/:id', async (c) => {
    const body = await readBody(c, settingsOnly);
    trust.checkKey(originOf(c), body.authorization_key);
    return c.json({ transfer_info: manager.info(scopeOf(c), c.req.param('id')) });
  });

  app.post('/connect/transfers/modify/:id', async (c) => {
    const rate = await readBody(c, rateChange);
    trust.checkKey(originOf(c), rate.authorization_key);
    const { authorization_key: _key, aspera_connect_settings: _settings, ...change } = rate;
    return c.json(await manager.modify(scopeOf(c), c.req.param('id'), change));
  });

  app.post('/connect/transfers/stop/:id', async (c) => {
    const body = await readBody(c, settingsOnly);
    trust.checkKey(originOf(c), body.authorization_key);
    await manager.stop(scopeOf(c), c.req.param('id'));
    return c.json({});
  });

  app.post('/connect/transfers/resume/:id', async (c) => {
    const credentials = await readBody(c, resumeRequest);
    trust.checkKey(originOf(c), credentials.authorization_key);
    return c.json({ transfer_spec: manager.resume(scopeOf(c), c.req.param('id'), credentials) });
  });

  app.post('/connect/transfers/remove/:id', async (c) => {
    const body = await readBody(c, settingsOnly);
    trust.checkKey(originOf(c), body.authorization_key);
    await manager.remove(scopeOf(c), c.req.param('id'));
    return c.json({});
  });
}

/**
 * Uploads may only send what the user chose for this page; downloads land in the download folder, or — with
 * `use_absolute_destination_path` — in a folder the user chose.
 */
async function checkPaths(
  context: DaemonContext,
  origin: string,
  spec: TransferSpec,
  settings: ConnectSettings,
) {
  if (spec.direction === 'send') {
    for (const path of spec.paths) {
      const source = spec.source_root ? resolve(spec.source_root, path.source) : path.source;
      // A path that does not exist (typed into the chooser, or since moved) says so, not "you did not select it".
      await context.grants.check(origin, source).catch((error: unknown) => {
        if (error instanceof ConnectFailure && error.status === 404) throw error;
        throw forbidden(
          `Rapid only uploads files you selected or dropped on this page: ${path.source} was not.`,
        );
      });
    }
    return;
  }
  const folder = context.settings.get().download_folder;
  const root = spec.destination_root ?? '';
  if (settings.use_absolute_destination_path && isAbsolute(root)) {
    if (!(await context.grants.isGranted(origin, root)))
      throw forbidden(`Rapid only downloads into folders you chose: ${root} was not.`);
    return;
  }
  for (const path of spec.paths) {
    const target = normalize(
      resolve(folder, root.replace(/^[\\/]+/, ''), (path.destination ?? '').replace(/^[\\/]+/, '')),
    );
    if (target !== folder && !target.startsWith(folder + sep))
      throw forbidden(
        `A download destination must stay inside your download folder: ${path.destination} does not.`,
      );
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../../../dam-app/server/auth/passwords.ts';
import { type DamConfig, loadConfig } from '../../../dam-app/server/config/config.ts';
import { createServices } from '../../../dam-app/server/create-services.ts';
import { silentLogger } from '../../../dam-app/server/log.ts';
import { startDamServer } from '../../../dam-app/server/start-server.ts';
import { freePort } from './free-port.mjs';

export const BENCH_USER = 'bench';
export const BENCH_PASSWORD = 'Bench-Pass-1';

type Runtime = Awaited<ReturnType<typeof createServices>>;

export interface BenchDam {
  home: string;
  config: DamConfig;
  runtime: Runtime;
  db: Runtime['services']['db'];
  /** `http://127.0.0.1:<port>`: where `listen()` serves. */
  origin: string;
  /** Starts the HTTP server, once the bench has written the rows it needs. */
  listen(): Promise<void>;
  /** Stops the server and the services, and removes the home folder; safe at any point of a bench. */
  close(): Promise<void>;
}

/**
 * A DAM in this process for a bench: its own home folder, PGlite unless `env` names a `DATABASE_URL`, no transfer
 * node (its fixed default ports would clash with a DAM running beside the bench) and scrypt at 2¹⁰ so that signing
 * in costs the bench little; `env` adds to or overrides that (`DAM_SCRYPT_LOG_N: undefined` for the real cost).
 */
export async function createBenchDam(name: string, env: NodeJS.ProcessEnv = {}): Promise<BenchDam> {
  const home = await mkdtemp(join(tmpdir(), `rapid-bench-${name}-`));
  const port = await freePort();
  let runtime: Runtime | undefined;
  let server: Awaited<ReturnType<typeof startDamServer>> | undefined;
  const close = async () => {
    await server?.close();
    await runtime?.close();
    await rm(home, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      DAM_HOME: home,
      PORT: String(port),
      DAM_EMBEDDED_NODE: 'false',
      DAM_SCRYPT_LOG_N: '10',
      ...env,
    });
    runtime = await createServices(config, silentLogger);
    const started = runtime;
    return {
      home,
      config,
      runtime: started,
      db: started.services.db,
      origin: `http://127.0.0.1:${port}`,
      listen: async () => {
        server = await startDamServer({ port, publicDir: home, sdkDir: home, services: started.services });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The bench's person (`bench`, BENCH_PASSWORD), who may do `permissions` in Library (one ACL, "All", granted to
 * them alone), or an administrator.
 */
export async function addBenchUser(
  db: BenchDam['db'],
  access: { permissions: string[] } | { admin: true },
): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({
      username: BENCH_USER,
      password_hash: await hashPassword(BENCH_PASSWORD, 10),
      status: 'active',
      email: 'bench@dam.example',
      is_admin: 'admin' in access,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if ('permissions' in access) {
    const acl = await db
      .insertInto('acls')
      .values({ name: 'All', root_path: 'Library', permissions: access.permissions })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('acl_grants').values({ acl_id: acl.id, user_id: user.id, group_id: null }).execute();
  }
  return user.id;
}

/** Signs in over HTTP as a browser does; the session's cookie. */
export async function benchSignIn(origin: string, username = BENCH_USER, password = BENCH_PASSWORD) {
  const answer = await fetch(`${origin}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username, password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

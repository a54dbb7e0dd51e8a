import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = loadConfig({ HOME: '/home/ada' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.secureCookies).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.allowUpload && config.allowDownload).toBe(true);
    expect(config.passwordPolicy).toEqual({ minLength: 10, symbols: 0, numbers: 1, upper: 1, lower: 1 });
    expect(config.storageRoot.endsWith('/storage')).toBe(true);
  });

  it('runs as many jobs as there are cores and reconciles hourly unless told otherwise', () => {
    const defaults = loadConfig({});
    expect(defaults.jobConcurrency).toBe(availableParallelism());
    expect(defaults.reconcileSeconds).toBe(3600);
    const set = loadConfig({ DAM_JOB_CONCURRENCY: '6', DAM_RECONCILE_SECONDS: '0' });
    expect([set.jobConcurrency, set.reconcileSeconds]).toEqual([6, 0]);
    expect(() => loadConfig({ DAM_JOB_CONCURRENCY: '0' })).toThrow('DAM_JOB_CONCURRENCY must be 1 or more');
    expect(() => loadConfig({ DAM_RECONCILE_SECONDS: 'soon' })).toThrow(
      'DAM_RECONCILE_SECONDS must be a whole number',
    );
  });

  it('gives each user a loading dock of 50 GiB unless told otherwise (0: no limit)', () => {
    expect(loadConfig({}).loadingDockQuotaBytes).toBe(50 * 1024 ** 3);
    expect(loadConfig({ DAM_LOADING_DOCK_QUOTA_MB: '100' }).loadingDockQuotaBytes).toBe(100 * 1024 ** 2);
    expect(loadConfig({ DAM_LOADING_DOCK_QUOTA_MB: '0' }).loadingDockQuotaBytes).toBe(0);
    expect(() => loadConfig({ DAM_LOADING_DOCK_QUOTA_MB: 'lots' })).toThrow(
      'DAM_LOADING_DOCK_QUOTA_MB must be a whole number',
    );
  });

  it('marks cookies Secure behind an https public address', () => {
    const config = loadConfig({ DAM_PUBLIC_URL: 'https://dam.example/', DAM_HOME: '/srv/dam' });
    expect(config.publicUrl).toBe('https://dam.example');
    expect(config.secureCookies).toBe(true);
    expect(config.storageRoot).toBe('/srv/dam/storage');
  });

  it('reads switches and counts', () => {
    const config = loadConfig({
      DAM_ALLOW_UPLOAD: 'false',
      DAM_PASSWORD_MIN_SYMBOLS: '2',
      DAM_LICENSE_USERS: '25',
      DATABASE_URL: 'postgres://dam@db.example/dam',
    });
    expect(config.allowUpload).toBe(false);
    expect(config.passwordPolicy.symbols).toBe(2);
    expect(config.licenseUsers).toBe(25);
    expect(config.databaseUrl).toBe('postgres://dam@db.example/dam');
  });

  it("reads the site's transfer nodes, which turn the embedded node off", () => {
    expect(loadConfig({}).embeddedNode).toEqual({ enabled: true, apiPort: 9092, transferPort: 33_001 });
    const config = loadConfig({
      DAM_NODES: 'https://dam:s%3Acret@node1.example:443, https://dam:pw@node2.example',
    });
    expect(config.nodes).toEqual([
      { url: 'https://node1.example', user: 'dam', password: 's:cret' },
      { url: 'https://node2.example', user: 'dam', password: 'pw' },
    ]);
    expect(config.embeddedNode.enabled).toBe(false);
    expect(() => loadConfig({ DAM_NODES: 'https://node.example' })).toThrow(
      'DAM_NODES must list https://user:password@host:port URLs, comma-separated',
    );
  });

  it('reaches a node over https, on port 443 unless the URL names another (R-NODE-PICK)', () => {
    const [node] = loadConfig({ DAM_NODES: 'https://dam:pw@node1.example' }).nodes;
    expect(new URL(node?.url ?? '').port || '443').toBe('443');
    expect(new URL(node?.url ?? '').protocol).toBe('https:');
    // Plain http would send the node user's password and the page's credential in the clear: refused, but on
    // this machine's loopback (a node beside the DAM, as tests run one).
    expect(() => loadConfig({ DAM_NODES: 'http://dam:pw@node1.example:443' })).toThrow(
      'DAM_NODES must list https://user:password@host:port URLs, comma-separated',
    );
    expect(loadConfig({ DAM_NODES: 'http://dam:pw@127.0.0.1:9092' }).nodes[0]?.url).toBe(
      'http://127.0.0.1:9092',
    );
  });

  it('R-RUNTIME-SMTP: SMTP_URL pins every SMTP setting; without it the DAM_SMTP_* settings name the server', () => {
    const fromUrl = loadConfig({ SMTP_URL: 'smtps://mailer:p%40ss@mail.example' });
    expect(fromUrl.smtp).toEqual({
      host: 'mail.example',
      port: 465,
      user: 'mailer',
      password: 'p@ss',
      tls: true,
    });
    expect(fromUrl.pinned).toMatchObject({
      DAM_SMTP_HOST: 'mail.example',
      DAM_SMTP_PORT: '465',
      DAM_SMTP_USER: 'mailer',
      DAM_SMTP_PASSWORD: 'p@ss',
      DAM_SMTP_TLS: 'true',
    });
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({}).pinned.DAM_SMTP_HOST).toBeUndefined();
    const parts = loadConfig({ DAM_SMTP_HOST: 'relay.example', DAM_SMTP_USER: 'dam' });
    expect(parts.smtp).toEqual({ host: 'relay.example', port: 25, user: 'dam', password: '', tls: false });
    expect(parts.pinned).toMatchObject({ DAM_SMTP_HOST: 'relay.example', DAM_SMTP_USER: 'dam' });
    expect(() => loadConfig({ DAM_SMTP_HOST: 'a b' })).toThrow('DAM_SMTP_HOST must be a host name');
    expect(() => loadConfig({ DAM_SMTP_PORT: '0' })).toThrow('DAM_SMTP_PORT must be a port number');
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow('MAIL_FROM must be an address');
  });

  it('names every bad variable on its own line', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DAM_ALLOW_UPLOAD: 'maybe',
        SMTP_URL: 'http://mail',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'PORT must be a port number',
      'SMTP_URL must be an smtp:// or smtps:// URL',
      'DAM_ALLOW_UPLOAD must be true or false',
    ]);
  });
});

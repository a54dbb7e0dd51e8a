import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferEngine } from '../engine/transfer-engine.ts';
import { type NodeFixture, setupSpec, startNodeFixture } from '../test-support/node-fixture.ts';

let fixture: NodeFixture;
const engine = new TransferEngine({ retryBaseMs: 50 });
let local: string;

beforeAll(async () => {
  fixture = await startNodeFixture();
  local = mkdtempSync(join(tmpdir(), 'create-dir-'));
  writeFileSync(join(local, 'a.txt'), 'file a');
  writeFileSync(join(local, 'b.txt'), 'file b');
});
afterAll(async () => {
  engine.stopAll();
  await fixture.close();
});

async function upload(destination_root: string, sources: string[], extra: Record<string, unknown> = {}) {
  const spec = await setupSpec(fixture, 'upload', { destination_root: '/incoming' });
  return engine
    .start({
      ...spec,
      paths: sources.map((name) => ({ source: join(local, name) })),
      destination_root,
      create_dir: false,
      ...extra,
    })
    .done();
}

describe.each([
  ['UDP', {}],
  ['HTTPS fallback', { http_fallback: 'force' }],
])('create_dir false over %s', (name, transport) => {
  const tag = name === 'UDP' ? 'u' : 'h';

  it('uploads one file under the name destination_root gives', async () => {
    const info = await upload(`/incoming/renamed-${tag}.txt`, ['a.txt'], transport);
    expect(info.status).toBe('completed');
    expect(readFileSync(join(fixture.docroot, `incoming/renamed-${tag}.txt`), 'utf8')).toBe('file a');
  });

  it('puts one file into destination_root when it is an existing folder', async () => {
    mkdirSync(join(fixture.docroot, `incoming/box-${tag}`));
    expect((await upload(`/incoming/box-${tag}`, ['a.txt'], transport)).status).toBe('completed');
    expect(readFileSync(join(fixture.docroot, `incoming/box-${tag}/a.txt`), 'utf8')).toBe('file a');
  });

  it('fails several files into a folder that does not exist (error 4) and creates nothing', async () => {
    const info = await upload(`/incoming/missing-${tag}`, ['a.txt', 'b.txt'], transport);
    expect([info.status, info.error_code]).toEqual(['failed', 4]);
    expect(info.error_desc).toMatch(/create_dir is false/);
    expect(() => readFileSync(join(fixture.docroot, `incoming/missing-${tag}`))).toThrow();
  });

  it('downloads one file under the local name destination_root gives', async () => {
    writeFileSync(join(fixture.docroot, `down-${tag}.txt`), 'downloaded');
    const spec = await setupSpec(fixture, 'download', { paths: [{ source: `/down-${tag}.txt` }] });
    const target = join(mkdtempSync(join(tmpdir(), 'create-dir-down-')), 'chosen-name.txt');
    const info = await engine
      .start({ ...spec, destination_root: target, create_dir: false, ...transport })
      .done();
    expect(info.status).toBe('completed');
    expect(readFileSync(target, 'utf8')).toBe('downloaded');
  });
});

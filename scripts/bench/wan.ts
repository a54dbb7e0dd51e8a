import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildEntry } from '../../transfer/src/test-support/build-entry.ts';
import { BASIC, PASSWORD, USER } from './lib/bench-node.ts';
import { ensureTools, TOOLS } from './lib/prerequisites.ts';
import { writeRandomFile } from './lib/random-file.ts';
import { REPO } from './lib/repo-root.ts';
import { median, RUNS, table } from './lib/stats.ts';

// Benchmark 1 (issue 7): Rapid vs single-stream HTTPS (curl, CUBIC on both ends) across the user-space WAN emulator.
// usage: wan <one-way delay ms> <loss %> <link Mbit/s> <file MiB> <curl time cap s>
ensureTools([TOOLS.ip, TOOLS.ping, TOOLS.python3, TOOLS.openssl, TOOLS.curl]);
const [delayMs = '50', lossPct = '1', linkMbit = '100', sizeMiB = '256', curlCap = '60'] =
  process.argv.slice(2);
const wan = join(REPO, 'scripts/bench/wan/wan.sh');
const inA = (cmd: string[]) => ['netns', 'exec', 'rapid-wan-a', ...cmd];
const bytes = Number(sizeMiB) * 1024 * 1024;
const down = () => spawnSync('sh', [wan, 'down'], { stdio: 'inherit' });
process.on('SIGINT', () => {
  down();
  process.exit(130);
});

down();
execFileSync('sh', [wan, 'up', delayMs, lossPct, linkMbit], { stdio: 'inherit' });
const docroot = mkdtempSync(join(tmpdir(), 'wan-docroot-'));
const local = mkdtempSync(join(tmpdir(), 'wan-local-'));
try {
  // Calibration: ping RTT and loss, then capacity from a UDP blast at 1.5× the configured rate.
  const ping = execFileSync('ip', inA(['ping', '-q', '-c', '100', '-i', '0.05', '10.99.0.2'])).toString();
  const rtt = /= [\d.]+\/([\d.]+)\//.exec(ping)?.[1] ?? '?';
  const measuredLoss = /([\d.]+)% packet loss/.exec(ping)?.[1] ?? '?';
  const blast = `const d=require('dgram');const s=d.createSocket('udp4');const b=Buffer.alloc(1400);const rate=${(Number(linkMbit) * 1.5e6) / 8};const t0=Date.now();let sent=0;(function go(){const el=(Date.now()-t0)/1000;if(el>3)return s.close();while(sent<rate*el){s.send(b,9999,'10.99.0.2');sent+=1400}setTimeout(go,1)})()`;
  const sink = spawn('ip', [
    'netns',
    'exec',
    'rapid-wan-b',
    process.execPath,
    '-e',
    `const s=require('dgram').createSocket('udp4');let n=0,t0=0,t1=0;s.on('message',m=>{if(!t0)t0=Date.now();t1=Date.now();n+=m.length});s.bind(9999,'10.99.0.2');setTimeout(()=>{console.log(n*8/((t1-t0)/1000)/1e6);process.exit()},4500)`,
  ]);
  const capacityText = new Promise<string>((resolve) =>
    createInterface({ input: sink.stdout }).once('line', resolve),
  );
  await new Promise((r) => setTimeout(r, 300));
  spawnSync('ip', inA([process.execPath, '-e', blast]));
  const capacity = Number(await capacityText);
  console.log(
    `WAN emulator calibration: ping RTT ${rtt} ms, measured loss ${measuredLoss}%, measured capacity ${capacity.toFixed(1)} Mbit/s (configured ${delayMs} ms one way, ${lossPct}% loss, ${linkMbit} Mbit/s)`,
  );

  writeRandomFile(join(docroot, 'big.bin'), bytes);
  writeRandomFile(join(local, 'up.bin'), bytes);
  mkdirSync(join(docroot, 'up'));
  const tlsDir = mkdtempSync(join(tmpdir(), 'wan-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=10.99.0.2',
      '-keyout',
      join(tlsDir, 'k.pem'),
      '-out',
      join(tlsDir, 'c.pem'),
    ],
    { stdio: 'ignore' },
  );
  const nodeEntry = await buildEntry(join(REPO, 'transfer/src/node/main.ts'));
  const clientEntry = await buildEntry(join(REPO, 'scripts/bench/wan/wan-client.ts'));
  const node = spawn('ip', ['netns', 'exec', 'rapid-wan-b', process.execPath, nodeEntry], {
    env: {
      ...process.env,
      RAPID_NODE_DOCROOT: docroot,
      RAPID_NODE_USERS: `${USER}:${PASSWORD}`,
      RAPID_NODE_SECRET: randomBytes(32).toString('hex'),
      RAPID_NODE_BIND: '10.99.0.2',
      RAPID_NODE_HOST: '10.99.0.2',
      RAPID_NODE_TLS_KEY: join(tlsDir, 'k.pem'),
      RAPID_NODE_TLS_CERT: join(tlsDir, 'c.pem'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => createInterface({ input: node.stdout }).once('line', resolve));
  const api = 'https://10.99.0.2:9092';
  const curl = (args: string[]) => {
    const out = spawnSync(
      'ip',
      inA([
        'curl',
        '-sk',
        '--max-time',
        curlCap,
        '-H',
        `Authorization: ${BASIC}`,
        '-w',
        '%{size_download} %{size_upload} %{time_total}',
        '-o',
        '/dev/null',
        ...args,
      ]),
    ).stdout.toString();
    const [downloaded = 0, uploaded = 0, seconds = 1] = out.trim().split(' ').map(Number);
    return ((downloaded + uploaded) * 8) / seconds / 1e6;
  };
  const rapid = (direction: 'up' | 'down') => {
    rmSync(join(local, 'down'), { recursive: true, force: true });
    const env = {
      ...process.env,
      RAPID_WAN_CLIENT: JSON.stringify({
        api,
        auth: BASIC,
        direction,
        remotePath: '/big.bin',
        localPath: join(local, 'up.bin'),
        localDir: join(local, 'down'),
        targetKbps: Math.round(Number(linkMbit) * 1000),
        policy: 'fair',
      }),
    };
    const out = spawnSync('ip', inA([process.execPath, clientEntry]), { env }).stdout.toString();
    const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
      ms: number;
      firstByteMs: number;
      status: string;
      lost: number;
      error: string;
    };
    if (result.status !== 'completed')
      throw new Error(`rapid ${direction}: ${result.status} ${result.error}`);
    return {
      mbit: (bytes * 8) / (result.ms / 1000) / 1e6,
      dataMbit: (bytes * 8) / ((result.ms - result.firstByteMs) / 1000) / 1e6,
      setupMs: result.firstByteMs,
      lost: result.lost / bytes,
    };
  };
  if (process.env.BENCH_WAN_MODE === 'policies') {
    // Two downloads at once through the one emulated bottleneck, each asking for the whole link.
    const concurrent = (policy: string, tag: string) =>
      new Promise<{ policy: string; mbit: number }>((resolve, reject) => {
        const env = {
          ...process.env,
          RAPID_WAN_CLIENT: JSON.stringify({
            api,
            auth: BASIC,
            direction: 'down',
            remotePath: '/big.bin',
            localPath: '',
            localDir: join(local, tag),
            targetKbps: Math.round(Number(linkMbit) * 1000),
            policy,
          }),
        };
        const child = spawn('ip', inA([process.execPath, clientEntry]), {
          env,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        createInterface({ input: child.stdout }).once('line', (line) => {
          const result = JSON.parse(line) as { ms: number; status: string; error: string };
          if (result.status !== 'completed') reject(new Error(`${policy}: ${result.status} ${result.error}`));
          else resolve({ policy, mbit: (bytes * 8) / (result.ms / 1000) / 1e6 });
        });
      });
    const rows = [];
    for (const [first, second] of [
      ['fair', 'fair'],
      ['fair', 'low'],
      ['high', 'fair'],
    ] as const) {
      rmSync(join(local, 'a'), { recursive: true, force: true });
      rmSync(join(local, 'b'), { recursive: true, force: true });
      const [a, b] = await Promise.all([concurrent(first, 'a'), concurrent(second, 'b')]);
      rows.push([
        `${a.policy} + ${b.policy}`,
        a.mbit.toFixed(1),
        b.mbit.toFixed(1),
        (a.mbit / b.mbit).toFixed(2),
      ]);
    }
    table(['policies (first + second)', 'first Mbit/s', 'second Mbit/s', 'ratio'], rows);
    console.log(
      `each transfer ${sizeMiB} MiB; a rate is the size over that transfer's own duration (the first to finish frees the link)`,
    );
  } else {
    const samples: Record<string, { mbit: number[]; lost: number[]; data: number[]; setup: number[] }> = {};
    const add = (name: string, mbit: number, lost = 0, data = Number.NaN, setup = Number.NaN) => {
      samples[name] ??= { mbit: [], lost: [], data: [], setup: [] };
      samples[name].mbit.push(mbit);
      samples[name].lost.push(lost);
      samples[name].data.push(data);
      samples[name].setup.push(setup);
    };
    for (let run = 0; run < RUNS; run++) {
      add('curl HTTPS GET (1 stream, CUBIC)', curl([`${api}/files/content/big.bin`]));
      add(
        'curl HTTPS PUT (1 stream, CUBIC)',
        curl(['-T', join(local, 'up.bin'), `${api}/files/content/up/curl-${run}.bin`]),
      );
      const d = rapid('down');
      add('Rapid download (fair)', d.mbit, d.lost, d.dataMbit, d.setupMs);
      const u = rapid('up');
      add('Rapid upload (fair)', u.mbit, u.lost, u.dataMbit, u.setupMs);
    }
    const base = {
      GET: median(samples['curl HTTPS GET (1 stream, CUBIC)']?.mbit ?? []),
      PUT: median(samples['curl HTTPS PUT (1 stream, CUBIC)']?.mbit ?? []),
    };
    table(
      [
        'method',
        'Mbit/s (median)',
        'vs single stream',
        '% of measured capacity',
        'retransmitted',
        'to first byte',
        'data phase % of capacity',
      ],
      Object.entries(samples).map(([name, s]) => {
        const m = median(s.mbit);
        const b = name.includes('upload') || name.includes('PUT') ? base.PUT : base.GET;
        const data = median(s.data);
        return [
          name,
          m.toFixed(2),
          `${(m / b).toFixed(1)}×`,
          `${((m / capacity) * 100).toFixed(1)}%`,
          `${(median(s.lost) * 100).toFixed(2)}%`,
          Number.isNaN(data) ? '' : `${median(s.setup).toFixed(0)} ms`,
          Number.isNaN(data) ? '' : `${((data / capacity) * 100).toFixed(1)}%`,
        ];
      }),
    );
    console.log(
      `file ${sizeMiB} MiB for Rapid; curl runs are capped at ${curlCap} s and measured over what they moved; the data ` +
        'phase runs from the first byte on the wire to the end (session set-up excluded, the final repairs included)',
    );
  }
  node.kill('SIGTERM');
} finally {
  down();
  rmSync(docroot, { recursive: true, force: true });
  rmSync(local, { recursive: true, force: true });
}

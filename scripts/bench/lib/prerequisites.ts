import { spawnSync } from 'node:child_process';

/** A command a benchmark runs, and the Debian package that provides it. */
export interface Tool {
  command: string;
  debian: string;
}

export const TOOLS = {
  curl: { command: 'curl', debian: 'curl' },
  ip: { command: 'ip', debian: 'iproute2' },
  openssl: { command: 'openssl', debian: 'openssl' },
  ping: { command: 'ping', debian: 'iputils-ping' },
  python3: { command: 'python3', debian: 'python3' },
  tar: { command: 'tar', debian: 'tar' },
  time: { command: '/usr/bin/time', debian: 'time' },
} satisfies Record<string, Tool>;

const present = (command: string) =>
  spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;

/**
 * Installs what a benchmark needs before it starts, so it runs on a fresh machine: missing commands come from apt-get
 * when running as root on Debian or Ubuntu; otherwise the benchmark stops and names the packages to install.
 */
export function ensureTools(tools: Tool[]): void {
  const missing = tools.filter((tool) => !present(tool.command));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((tool) => tool.debian))];
  const apt = process.getuid?.() === 0 && present('apt-get');
  if (!apt)
    throw new Error(
      `missing ${missing.map((tool) => tool.command).join(', ')}: install the packages ${packages.join(' ')} (as root, or run the benchmark as root on Debian/Ubuntu to have it installed)`,
    );
  // Other apt users on the machine hold its lock for a while: wait for it rather than fail.
  console.log(`installing ${packages.join(' ')} for this benchmark`);
  const install = () =>
    spawnSync(
      'apt-get',
      ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '--no-install-recommends', ...packages],
      {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      },
    ).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'update'], { stdio: 'inherit' });
    if (!install()) throw new Error(`apt-get could not install ${packages.join(' ')}`);
  }
  const still = missing.filter((tool) => !present(tool.command));
  if (still.length > 0)
    throw new Error(`still missing after install: ${still.map((t) => t.command).join(', ')}`);
}

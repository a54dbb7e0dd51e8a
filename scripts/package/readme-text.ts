export type ClientOs = 'linux' | 'macos' | 'windows';

const HOW: Record<ClientOs, string> = {
  linux: 'Unpack the archive, then run ./install.sh in its folder. ./uninstall.sh removes Rapid again.',
  macos:
    'Unpack the archive, then run ./install.sh in its folder (Terminal). ./uninstall.sh removes Rapid again.',
  windows:
    'Unpack the archive, then run: powershell -ExecutionPolicy Bypass -File install.ps1 (uninstall.ps1 removes Rapid again).',
};

/** README.txt inside each archive; the same text is served beside it as the manifest's documentation link. */
export function readmeText(os: ClientOs, version: string): string {
  return `Rapid client ${version}

Rapid moves large files between your browser and a server at full speed. This is its local client: a small
background program the Rapid browser extension talks to.

Needs: Node.js 20.19 or newer, and the Rapid extension in your browser (Chrome, Chromium, Edge, Brave,
Vivaldi or Firefox).

${HOW[os]}

The installer registers Rapid with every supported browser that is installed${os === 'linux' ? ' and makes Rapid open fasp:// links' : ''}.
Installed a browser later? Run the installer again.
`;
}

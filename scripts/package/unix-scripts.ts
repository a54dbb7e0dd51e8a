// biome-ignore-all lint/suspicious/noTemplateCurlyInString: this file writes shell scripts, where ${…} is parameter expansion
/**
 * install.sh / uninstall.sh for Linux and macOS archives. The archive holds the three bundled programs in lib/ (the
 * Linux one also the datagram addon);
 * registering with the browsers is the host's own `rapid-register` (one table of browser folders, already tested),
 * run with the node the visitor has, whose absolute path goes into the launchers (browsers start hosts with a
 * minimal PATH).
 */
export function installSh(os: 'linux' | 'macos'): string {
  return `#!/bin/sh
# Installs the Rapid client for this user: copies it, registers the native host with every supported browser
# that is installed${os === 'linux' ? ', and makes Rapid the handler of fasp:// links' : ''}. Run uninstall.sh to remove it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
${prefixLines(os)}
case "$PREFIX" in
  *[\\"\\\\\\$\\\`]*) echo "Choose an install folder without quotes, backslashes, \\$ or backticks." >&2; exit 1 ;;
esac
node=$(command -v node || true)
if [ -z "$node" ] || ! "$node" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'; then
  echo "Rapid needs Node.js 20.19 or newer. Install it (https://nodejs.org), then run this script again." >&2
  exit 1
fi
mkdir -p "$PREFIX/lib" "$PREFIX/bin"
cp "$here/lib/rapid-host.mjs" "$here/lib/rapid-daemon.mjs" "$here/lib/rapid-register.mjs" "$PREFIX/lib/"
# The transfer engine's datagram addon, when this archive carries one (Linux); without it the engine runs in JavaScript.
rm -f "$PREFIX/lib/rapid-dgram.node"
if [ -f "$here/lib/rapid-dgram.node" ]; then cp "$here/lib/rapid-dgram.node" "$PREFIX/lib/"; fi
cat > "$PREFIX/bin/rapid-daemon" <<LAUNCHER
#!/bin/sh
exec "$node" "$PREFIX/lib/rapid-daemon.mjs" "\\$@"
LAUNCHER
chmod 755 "$PREFIX/bin/rapid-daemon"
"$node" "$PREFIX/lib/rapid-register.mjs" install
${os === 'linux' ? DESKTOP_INSTALL : ''}echo "Rapid is installed in $PREFIX. Reload the web page that sent you here."
`;
}

export function uninstallSh(os: 'linux' | 'macos'): string {
  return `#!/bin/sh
# Removes what install.sh added: the browser registrations, ${os === 'linux' ? 'the fasp:// handler, ' : ''}the client files.
# Transfers history and logs in the Rapid data folder stay; delete that folder to remove them too.
set -eu
${prefixLines(os)}
node=$(command -v node || true)
if [ -n "$node" ] && [ -f "$PREFIX/lib/rapid-register.mjs" ]; then
  "$node" "$PREFIX/lib/rapid-register.mjs" uninstall
fi
data="\${RAPID_HOME:-${os === 'linux' ? '${XDG_DATA_HOME:-$HOME/.local/share}/rapid' : '$HOME/Library/Application Support/Rapid'}}"
if [ -f "$data/daemon.pid" ]; then kill "$(cat "$data/daemon.pid")" 2>/dev/null || true; fi
# The host launcher rapid-register wrote; the rest of the data folder is the visitor's.
rm -f "$data/bin/rapid-host"
rmdir "$data/bin" 2>/dev/null || true
${os === 'linux' ? DESKTOP_UNINSTALL : ''}if [ -f "$PREFIX/lib/rapid-host.mjs" ]; then rm -rf "$PREFIX"; fi
echo "Rapid is uninstalled."
`;
}

function prefixLines(os: 'linux' | 'macos'): string {
  return os === 'linux'
    ? 'PREFIX=${RAPID_PREFIX:-"${XDG_DATA_HOME:-$HOME/.local/share}/rapid-client"}'
    : 'PREFIX=${RAPID_PREFIX:-"$HOME/Library/Application Support/Rapid/client"}';
}

const DESKTOP_INSTALL = `apps="\${XDG_DATA_HOME:-$HOME/.local/share}/applications"
mkdir -p "$apps"
cat > "$apps/rapid-fasp.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Rapid
Comment=Starts the Rapid transfer client for fasp:// links
Exec="$PREFIX/bin/rapid-daemon" %u
Terminal=false
NoDisplay=true
MimeType=x-scheme-handler/fasp;
DESKTOP
if command -v xdg-mime >/dev/null 2>&1; then xdg-mime default rapid-fasp.desktop x-scheme-handler/fasp || true; fi
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$apps" || true; fi
`;

const DESKTOP_UNINSTALL = `apps="\${XDG_DATA_HOME:-$HOME/.local/share}/applications"
rm -f "$apps/rapid-fasp.desktop"
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$apps" || true; fi
`;

/**
 * install.ps1 / uninstall.ps1 for the Windows archive: the same steps as install.sh, with the fasp:// handler in
 * the user's registry classes. Run with `powershell -ExecutionPolicy Bypass -File install.ps1`.
 */
export const INSTALL_PS1 = `# Installs the Rapid client for this user (see README.txt).
$ErrorActionPreference = 'Stop'
$prefix = if ($env:RAPID_PREFIX) { $env:RAPID_PREFIX } else { Join-Path $env:LOCALAPPDATA 'Rapid\\client' }
$node = (Get-Command node -ErrorAction SilentlyContinue).Source
if (-not $node) { Write-Error 'Rapid needs Node.js 20.19 or newer. Install it (https://nodejs.org), then run this again.' }
& $node -e "const [a, b] = process.versions.node.split('.').map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)"
if ($LASTEXITCODE -ne 0) { Write-Error 'Rapid needs Node.js 20.19 or newer.' }
New-Item -ItemType Directory -Force -Path (Join-Path $prefix 'lib') | Out-Null
Copy-Item -Force (Join-Path $PSScriptRoot 'lib\\*.mjs') (Join-Path $prefix 'lib')
& $node (Join-Path $prefix 'lib\\rapid-register.mjs') install
$daemon = Join-Path $prefix 'lib\\rapid-daemon.mjs'
$classes = 'HKCU:\\Software\\Classes\\fasp'
New-Item -Force -Path "$classes\\shell\\open\\command" | Out-Null
Set-ItemProperty -Path $classes -Name '(default)' -Value 'URL:fasp Protocol'
Set-ItemProperty -Path $classes -Name 'URL Protocol' -Value ''
Set-ItemProperty -Path "$classes\\shell\\open\\command" -Name '(default)' -Value ('"' + $node + '" "' + $daemon + '" "%1"')
Write-Output "Rapid is installed in $prefix. Reload the web page that sent you here."
`;

export const UNINSTALL_PS1 = `# Removes what install.ps1 added.
$prefix = if ($env:RAPID_PREFIX) { $env:RAPID_PREFIX } else { Join-Path $env:LOCALAPPDATA 'Rapid\\client' }
$node = (Get-Command node -ErrorAction SilentlyContinue).Source
$register = Join-Path $prefix 'lib\\rapid-register.mjs'
if ($node -and (Test-Path $register)) { & $node $register uninstall }
$command = (Get-ItemProperty -ErrorAction SilentlyContinue 'HKCU:\\Software\\Classes\\fasp\\shell\\open\\command').'(default)'
# Only our own handler: another client (e.g. Connect) may own fasp:// now.
if ($command -like '*rapid-daemon.mjs*') { Remove-Item -Recurse -Force 'HKCU:\\Software\\Classes\\fasp' }
if (Test-Path (Join-Path $prefix 'lib\\rapid-host.mjs')) { Remove-Item -Recurse -Force $prefix }
Write-Output 'Rapid is uninstalled.'
`;

/**
 * A page that uses the installer the way Connect pages do: a status listener that shows launching while
 * initializing, download on FAILED, update on OUTDATED, and connected() on RUNNING; EXTENSION_INSTALL reaches the
 * installer by Connect's own `show_extension_install` message. Query: minVersion, style. No inline script: the
 * site's CSP forbids it.
 */
export const INSTALLER_PAGE_FILES = {
  'installer.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Installer test page</title>
    <script src="/sdk/js/connect-sdk.js"></script>
    <script src="/installer-page.js" defer></script>
  </head>
  <body>
    <main><h1>A page that transfers files</h1><p id="status">…</p></main>
  </body>
</html>
`,
  'installer-page.js': `const params = new URLSearchParams(location.search);
const minVersion = params.get('minVersion') ?? '3.9.0';
const installer = new AW4.ConnectInstaller({ sdkLocation: '/sdk', minVersion, style: params.get('style') ?? undefined });
const connect = new AW4.Connect({ minVersion });
window.statuses = [];
window.installerEvents = [];
installer.addEventListener((event) => window.installerEvents.push(event));
connect.addEventListener(AW4.Connect.EVENT.STATUS, (_type, status) => {
  window.statuses.push(status);
  document.getElementById('status').textContent = status;
  if (status === 'INITIALIZING') installer.showLaunching();
  else if (status === 'FAILED') installer.showDownload();
  else if (status === 'OUTDATED') installer.showUpdate();
  else if (status === 'RUNNING') installer.connected();
});
connect.initSession();
`,
};

// The demo page's whole integration with Rapid: create a session, watch its status, ask the client's version.
const statusView = document.getElementById('status');
const versionView = document.getElementById('version');
const hintView = document.getElementById('hint');

const hints = {
  EXTENSION_INSTALL:
    'The Rapid extension is not loaded in this browser. Load extension/dist as an unpacked extension (see the README), then reload.',
  FAILED:
    'The Rapid client could not be reached. Run `npm start` again so it registers the native host, then reload.',
};

const connect = new AW4.Connect({ minVersion: '3.9.0' });
connect.addEventListener(AW4.Connect.EVENT.STATUS, (_type, status) => {
  statusView.textContent = status;
  document.body.dataset.status = status;
  hintView.hidden = !hints[status];
  hintView.textContent = hints[status] ?? '';
  if (status === AW4.Connect.STATUS.RUNNING) {
    connect.version({
      success: (info) => {
        versionView.textContent = `${info.version}${info.system_wide ? ' (system-wide)' : ''}`;
      },
      error: (error) => {
        versionView.textContent = `unavailable: ${error?.error?.user_message ?? 'unknown error'}`;
      },
    });
  }
});
connect.initSession();

// The page's script, kept out of the HTML so it runs under a strict Content-Security-Policy.
const statusText = document.getElementById('status');
const message = document.getElementById('message');
const list = document.getElementById('transfers');
const connect = new AW4.Connect({ minVersion: '3.9.0' });
const installer = new AW4.ConnectInstaller();

connect.addEventListener(AW4.Connect.EVENT.STATUS, (_type, status) => {
  statusText.textContent = status;
  if (status === AW4.Connect.STATUS.INITIALIZING) installer.showLaunching();
  else if (status === AW4.Connect.STATUS.EXTENSION_INSTALL) installer.showExtensionInstall();
  else if (status === AW4.Connect.STATUS.FAILED) installer.showDownload();
  else if (status === AW4.Connect.STATUS.OUTDATED) installer.showUpdate();
  else if (status === AW4.Connect.STATUS.RUNNING) installer.connected();
});

connect.addEventListener(AW4.Connect.EVENT.TRANSFER, (_type, info) => {
  list.replaceChildren(
    ...info.transfers.map((transfer) => {
      const item = document.createElement('li');
      item.dataset.uuid = transfer.uuid;
      item.dataset.status = transfer.status;
      const percent = Math.round((transfer.percentage ?? 0) * 100);
      item.textContent = `${transfer.title ?? transfer.uuid}: ${transfer.status} ${percent}%`;
      return item;
    }),
  );
});

connect.initSession();

document.getElementById('download').addEventListener('submit', async (event) => {
  event.preventDefault();
  message.textContent = '';
  const source = new FormData(event.target).get('source');
  // This site's server asks its transfer node for the spec; the node's password stays on the server.
  const response = await fetch('/api/download-spec', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ source }),
  });
  const answer = await response.json();
  if (!response.ok) {
    message.textContent = answer.error;
    return;
  }
  connect.startTransfer(
    answer.transfer_spec,
    { allow_dialogs: false },
    {
      success: () => {
        message.textContent = `Started: ${source}`;
      },
      error: (error) => {
        message.textContent = error.error.user_message;
      },
    },
  );
});

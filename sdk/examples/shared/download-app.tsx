/** @jsxRuntime automatic @jsxImportSource react */
import { type Connect, TRANSFER_STATUS, type TransferSpec } from '@rapid/sdk';
import { useConnect, useConnectStatus, useTransfers } from '@rapid/sdk/react';
import { type FormEvent, useState } from 'react';

/**
 * The React examples' page: the client's status, a form that asks the site's server for a download spec and hands
 * it to the client, and every transfer with its progress. Renders on the server too (status INITIALIZING, no
 * transfers); the session starts in the browser only.
 */
export function DownloadApp() {
  const connect = useConnect({ minVersion: '3.9.0' });
  const status = useConnectStatus(connect);
  const transfers = useTransfers(connect);
  const [message, setMessage] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage('');
    const source = new FormData(event.currentTarget).get('source');
    setMessage(await startDownload(connect, String(source)));
  }

  return (
    <main>
      <h1>Rapid SDK example: React</h1>
      <p>
        Client: <strong id="status">{status}</strong>
      </p>
      <form id="download" onSubmit={onSubmit}>
        <label>
          File on the node <input name="source" defaultValue="/" size={40} />
        </label>
        <button type="submit">Download with Rapid</button>
      </form>
      <p id="message" role="status">
        {message}
      </p>
      <ul id="transfers">
        {transfers.map((transfer) => (
          <li key={transfer.uuid} data-uuid={transfer.uuid} data-status={transfer.status}>
            {transfer.title ?? transfer.uuid}: {transfer.status}{' '}
            {Math.round((transfer.percentage ?? 0) * 100)}%
            {transfer.status === TRANSFER_STATUS.FAILED ? ` (${String(transfer.error_desc ?? '')})` : ''}
          </li>
        ))}
      </ul>
    </main>
  );
}

/** Asks this site's server for the spec (the node's password stays there), then starts the transfer. */
async function startDownload(connect: Connect, source: string): Promise<string> {
  const response = await fetch('/api/download-spec', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ source }),
  });
  const answer = (await response.json()) as { transfer_spec?: TransferSpec; error?: string };
  if (!answer.transfer_spec) return answer.error ?? 'No transfer spec.';
  try {
    await connect.startTransferPromise(answer.transfer_spec, { allow_dialogs: false });
    return `Started: ${source}`;
  } catch (error) {
    return (error as { error?: { user_message?: string } }).error?.user_message ?? String(error);
  }
}

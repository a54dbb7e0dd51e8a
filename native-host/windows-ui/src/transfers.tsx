import type { TransferInfo } from '@rapid/protocol';
import { useCallback } from 'react';
import { api } from './api.ts';
import { usePolling } from './use-polling.ts';

const percent = (info: TransferInfo) => `${Math.round(info.percentage * 100)} %`;
const canStop = (info: TransferInfo) =>
  ['initiating', 'queued', 'running', 'willretry'].includes(info.status);

function Actions({ info }: { info: TransferInfo }) {
  return (
    <>
      {canStop(info) ? (
        <button type="button" onClick={() => void api.act(info.uuid, 'stop')}>
          Stop
        </button>
      ) : (
        info.status !== 'completed' && (
          <button type="button" onClick={() => void api.act(info.uuid, 'resume')}>
            Resume
          </button>
        )
      )}
      <button type="button" onClick={() => void api.act(info.uuid, 'remove')}>
        Remove
      </button>
    </>
  );
}

export function TransferManager() {
  const { value, error } = usePolling(api.transfers, 1000);
  return (
    <section>
      <h1>Transfers</h1>
      {error && <p role="alert">{error}</p>}
      {value && value.transfers.length === 0 && <p>No transfers yet.</p>}
      <table>
        <tbody>
          {value?.transfers.map((info) => (
            <tr key={info.uuid} data-status={info.status}>
              <td>
                <a href={`/ui/transfers/${info.uuid}`}>{info.title}</a>
              </td>
              <td>{info.status}</td>
              <td>{percent(info)}</td>
              <td>{info.calculated_rate_kbps} kbps</td>
              <td>
                <Actions info={info} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function TransferMonitor({ id }: { id: string }) {
  const load = useCallback(() => api.transfer(id), [id]);
  const { value, error } = usePolling(load, 1000);
  const info = value?.transfer_info;
  if (!info) return <p>{error ?? 'Loading…'}</p>;
  return (
    <section>
      <h1>{info.title}</h1>
      <progress max={1} value={info.percentage} />
      <dl>
        <dt>Status</dt>
        <dd data-testid="status">{info.status}</dd>
        <dt>Progress</dt>
        <dd>{percent(info)}</dd>
        <dt>Rate</dt>
        <dd>{info.calculated_rate_kbps} kbps</dd>
        <dt>Error</dt>
        <dd>{info.error_desc || '—'}</dd>
      </dl>
      <Actions info={info} />
      <button type="button" onClick={() => void api.act(info.uuid, 'show')}>
        Show in folder
      </button>
    </section>
  );
}

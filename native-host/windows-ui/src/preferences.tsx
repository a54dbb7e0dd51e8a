import type { ClientSettings } from '@rapid/protocol';
import { useEffect, useState } from 'react';
import { api } from './api.ts';

export const PAGES = ['general', 'transfers', 'bandwidth', 'network', 'security'] as const;
type PageName = (typeof PAGES)[number];

export function Preferences({ page }: { page: PageName }) {
  const [settings, setSettings] = useState<ClientSettings>();
  const [message, setMessage] = useState('');
  useEffect(() => {
    void api.settings().then(setSettings, (error: Error) => setMessage(error.message));
  }, []);
  if (!settings) return <p>{message || 'Loading…'}</p>;
  const change = (patch: Partial<ClientSettings>) => setSettings({ ...settings, ...patch });
  const save = async () => {
    try {
      setSettings(await api.saveSettings(settings));
      setMessage('Saved.');
    } catch (error) {
      setMessage((error as Error).message);
    }
  };
  return (
    <section>
      <h1>Preferences</h1>
      <nav>
        {PAGES.map((name) => (
          <a key={name} href={`/ui/preferences/${name}`} aria-current={name === page ? 'page' : undefined}>
            {name[0]?.toUpperCase()}
            {name.slice(1)}
          </a>
        ))}
      </nav>
      {page === 'general' && (
        <label>
          Download folder
          <input
            name="download_folder"
            value={settings.download_folder}
            onChange={(event) => change({ download_folder: event.target.value })}
          />
        </label>
      )}
      {page === 'transfers' && (
        <label>
          Transfers at once
          <input
            name="concurrent_transfers"
            type="number"
            min={1}
            max={20}
            value={settings.concurrent_transfers}
            onChange={(event) => change({ concurrent_transfers: Number(event.target.value) })}
          />
        </label>
      )}
      {page === 'bandwidth' && (
        <label>
          Default target rate (kbps)
          <input
            name="default_target_rate_kbps"
            type="number"
            min={1}
            value={settings.default_target_rate_kbps ?? ''}
            onChange={(event) =>
              change({
                default_target_rate_kbps: event.target.value ? Number(event.target.value) : undefined,
              })
            }
          />
        </label>
      )}
      {page === 'network' && <p>Rapid answers web pages on 127.0.0.1 only (ports 33003–33022).</p>}
      {page === 'security' && <Sites settings={settings} change={change} />}
      <button type="button" onClick={save}>
        Save
      </button>
      <p role="status">{message}</p>
    </section>
  );
}

function Sites({
  settings,
  change,
}: {
  settings: ClientSettings;
  change: (patch: Partial<ClientSettings>) => void;
}) {
  const sites = Object.entries(settings.trusted_sites);
  const update = (origin: string, patch: { allowed?: boolean; authorization_key?: string }) => {
    const next = { allowed: false, ...settings.trusted_sites[origin], ...patch };
    if (!next.authorization_key) delete next.authorization_key;
    change({ trusted_sites: { ...settings.trusted_sites, [origin]: next } });
  };
  const forget = (origin: string) => {
    const { [origin]: _gone, ...rest } = settings.trusted_sites;
    change({ trusted_sites: rest });
  };
  if (sites.length === 0) return <p>No site has asked to use Rapid yet.</p>;
  return (
    <ul>
      {sites.map(([origin, trust]) => (
        <li key={origin}>
          <label>
            <input
              type="checkbox"
              checked={trust.allowed}
              onChange={(event) => update(origin, { allowed: event.target.checked })}
            />
            {origin}
          </label>
          <label>
            Required key (optional, 8 characters or more)
            <input
              name={`key-${origin}`}
              value={trust.authorization_key ?? ''}
              onChange={(event) => update(origin, { authorization_key: event.target.value })}
            />
          </label>
          <button type="button" onClick={() => forget(origin)}>
            Forget
          </button>
        </li>
      ))}
    </ul>
  );
}

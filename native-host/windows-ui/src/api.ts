import type { ClientSettings, TransferInfo } from '@rapid/protocol';

// The daemon puts this session's token in the page; every change carries it in a header, which a cross-site form
// or fetch cannot send without a CORS preflight the daemon never grants.
const token = document.querySelector('meta[name="rapid-ui-token"]')?.getAttribute('content') ?? '';

export interface AboutInfo {
  version: string;
  http_port?: number;
}

async function call<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`/ui/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-rapid-ui-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { user_message: string } };
  if (!response.ok) throw new Error(json.error?.user_message ?? response.statusText);
  return json;
}

export const api = {
  about: () => call<AboutInfo>('/about'),
  settings: () => call<ClientSettings>('/settings'),
  saveSettings: (settings: ClientSettings) => call<ClientSettings>('/settings', 'PUT', settings),
  transfers: () => call<{ transfers: TransferInfo[] }>('/transfers'),
  transfer: (id: string) => call<{ transfer_info: TransferInfo }>(`/transfers/${encodeURIComponent(id)}`),
  act: (id: string, action: 'stop' | 'resume' | 'remove' | 'show') =>
    call<unknown>(`/transfers/${encodeURIComponent(id)}/${action}`, 'POST', {}),
};

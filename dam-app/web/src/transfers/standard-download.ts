const BASE = '/api/v1/files';

/** Standard Download (HTTP) of one file: `GET /files/content` (the server answers Range, so browsers resume). */
export function fileDownloadUrl(path: string): string {
  return `${BASE}/content?${new URLSearchParams({ path })}`;
}

/** Standard Download (HTTP) of a cart or a folder: one streamed zip (stored, ZIP64) of a known length. */
export function zipDownloadUrl(paths: readonly string[], name: string): string {
  const query = new URLSearchParams();
  for (const path of paths) query.append('path', path);
  query.set('name', name);
  return `${BASE}/zip?${query}`;
}

/** The browser's own download of a URL, as a click on a link does it. */
export function startBrowserDownload(url: string, doc: Document = document) {
  const link = doc.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  doc.body.append(link);
  link.click();
  link.remove();
}

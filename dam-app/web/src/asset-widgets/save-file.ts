/** Hands bytes or an address to the browser as a download, the way a link with `download` does. */
export function saveFile(source: Blob | string, fileName?: string): void {
  const href = typeof source === 'string' ? source : URL.createObjectURL(source);
  const link = document.createElement('a');
  link.href = href;
  if (fileName !== undefined) link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof source !== 'string') setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

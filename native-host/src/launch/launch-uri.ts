/** What a `fasp://` launch asks for (connect-protocol.md §2, §8.2, §8.3). */
export interface LaunchRequest {
  /** Legacy session handed over by the page: `fasp://initialize/?key=<32 chars>&id=<uuid>`. */
  session?: { id: string; key: string };
  /** Safari's `?checkextensions` re-check; accepted and otherwise ignored. */
  checkExtensions: boolean;
}

/** Parses a launch URI; anything but `fasp://initialize` (with or without a slash and query) is refused. */
export function parseLaunchUri(text: string): LaunchRequest {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Not a launch URI: ${text}`);
  }
  if (url.protocol !== 'fasp:' || url.hostname !== 'initialize' || !['', '/'].includes(url.pathname))
    throw new Error(`Rapid only handles fasp://initialize, not ${text}`);
  const key = url.searchParams.get('key') ?? '';
  const id = url.searchParams.get('id') ?? '';
  const session = /^[A-Za-z0-9]{32}$/.test(key) && /^[0-9A-Za-z-]{8,64}$/.test(id) ? { id, key } : undefined;
  return { ...(session ? { session } : {}), checkExtensions: url.searchParams.has('checkextensions') };
}

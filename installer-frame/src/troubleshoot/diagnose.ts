import {
  checkResponse,
  EVENT_NAMES,
  type InstallLink,
  installManifest,
  plainResponseDetail,
  versionInfo,
} from '@rapid/protocol';

/** The troubleshoot page's own request id, far from any SDK instance's range (objectId × 10000). */
const REQUEST_ID = 987_654_321;

/** Is the Rapid extension's content script in this page? (connect-protocol.md §5.1) */
export function checkExtension(target: Window, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (found: boolean) => {
      clearTimeout(timer);
      target.removeEventListener('message', onMessage);
      resolve(found);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === target && checkResponse.safeParse(event.data).success) done(true);
    };
    target.addEventListener('message', onMessage);
    const timer = setTimeout(() => done(false), timeoutMs);
    target.document.dispatchEvent(new CustomEvent(EVENT_NAMES.check, {}));
  });
}

/** The client's version through the extension, or undefined when it does not answer in time. */
export function askClientVersion(target: Window, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const done = (version: string | undefined) => {
      clearTimeout(timer);
      target.removeEventListener('message', onMessage);
      resolve(version);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== target || event.data?.type !== EVENT_NAMES.response) return;
      const detail = plainResponseDetail.safeParse(event.data.detail);
      if (!detail.success || detail.data.request_id !== REQUEST_ID) return;
      if (detail.data.status !== 200) return done(undefined);
      const info = safeJson(detail.data.body);
      const parsed = versionInfo.safeParse(info);
      done(parsed.success ? parsed.data.version : undefined);
    };
    target.addEventListener('message', onMessage);
    const timer = setTimeout(() => done(undefined), timeoutMs);
    target.document.dispatchEvent(
      new CustomEvent(EVENT_NAMES.request, {
        detail: {
          request_id: REQUEST_ID,
          min_version: '',
          method: 'GET',
          uri_reference: '/connect/info/version',
          body: '',
        },
      }),
    );
  });
}

/** This computer's downloads from the install manifest beside this page (`../../connectversions.min.js`). */
export async function loadDownloads(pageUrl: string, platform: string): Promise<InstallLink[]> {
  const script = new URL('../../connectversions.min.js', pageUrl);
  await new Promise<void>((resolve, reject) => {
    const element = document.createElement('script');
    element.src = script.href;
    element.onload = () => resolve();
    element.onerror = () => reject(new Error('no install manifest'));
    document.head.append(element);
  });
  const manifest = installManifest.safeParse((window as { connectVersions?: unknown }).connectVersions);
  if (!manifest.success) return [];
  const entry = manifest.data.entries.find((each) => each.navigator.platform === platform);
  return (entry?.links ?? []).map((link) => ({ ...link, hrefAbsolute: new URL(link.href, script).href }));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

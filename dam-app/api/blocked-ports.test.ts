import { describe, expect, it } from 'vitest';
import { blockedPort } from './blocked-ports.ts';

const refusal = async (url: string) => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return '';
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message);
  }
};

describe('the ports a URL call may not use', () => {
  it('are the ports fetch refuses as bad, and no others among the usual ones', async () => {
    const listed = [];
    for (let port = 1; port <= 10_080; port++)
      if (blockedPort(`http://127.0.0.1:${port}/`)) listed.push(port);
    expect(listed).toHaveLength(82); // the standard's list, 1 (tcpmux) to 10080 (amanda)
    for (const port of listed)
      expect(await refusal(`http://127.0.0.1:${port}/`), String(port)).toBe('bad port');
    for (const url of [
      'http://example.test/',
      'https://example.test/',
      'http://h.test:8080/',
      'https://h.test:8443/',
    ])
      expect(blockedPort(url), url).toBeUndefined();
  });
});

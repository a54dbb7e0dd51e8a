/**
 * The ports the Fetch standard's "port blocking" refuses (https://fetch.spec.whatwg.org/#bad-port): browsers and
 * Node's fetch will not call them, because they belong to other services (mail, SSH, IRC…) a request could be turned
 * against. A workflow's URL call names one of them only by mistake, so the DAM refuses it with a text that says so.
 */
const BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The URL's port when fetch refuses to call it, else undefined (a URL without a port uses 80 or 443: allowed). */
export function blockedPort(url: string): number | undefined {
  let port: number;
  try {
    port = Number(new URL(url).port);
  } catch {
    return undefined;
  }
  return BLOCKED_PORTS.has(port) ? port : undefined;
}

type FromBase64 = { fromBase64?: (base64: string) => Uint8Array };

/**
 * The bytes of a base64 string: the engine's own `Uint8Array.fromBase64` where there is one (Chrome 140+, Firefox
 * 133+, Safari 18.2+, one native pass), else `atob` and a copy loop. Uses only web APIs, so pages, extension pages
 * and Node share it.
 */
export function base64ToBytes(base64: string): Uint8Array {
  const native = (Uint8Array as FromBase64).fromBase64;
  if (native) return native(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Decodes concatenated `body64` pieces: one base64 string of UTF-8 bytes, cut anywhere (connect-protocol.md §5.4).
 */
export function decodeBody64(base64: string): string {
  return new TextDecoder().decode(base64ToBytes(base64));
}

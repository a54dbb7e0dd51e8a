/**
 * Decodes concatenated `body64` pieces: one base64 string of UTF-8 bytes, cut anywhere (connect-protocol.md §5.4).
 * Uses only web APIs, so pages, extension pages and Node share it.
 */
export function decodeBody64(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

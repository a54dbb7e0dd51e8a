/** `Utils.utoa`: base64 of the UTF-8 bytes of a string (`'encode-me'` → `'ZW5jb2RlLW1l'`). */
export function utoa(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `Utils.atou`: the inverse of {@link utoa}; bytes are read as UTF-8. */
export function atou(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

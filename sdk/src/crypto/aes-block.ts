/**
 * The AES block cipher, encryption direction only (FIPS 197): all OFB needs, since its keystream is the repeated
 * encryption of the IV. Keys of 16, 24 or 32 bytes (10, 12 or 14 rounds). Written out so the script-tag SDK needs
 * no crypto library and works on http: pages, where WebCrypto is absent (and WebCrypto has no raw block mode).
 */

const SBOX = new Uint8Array(256);
// T-table for the first column of MixColumns∘SubBytes; the other three are byte rotations of it.
const T0 = new Uint32Array(256);

{
  // Multiplicative inverse by walking the generator 3 of GF(2^8), then the affine transform (FIPS 197 §5.1.1).
  const xtime = (a: number) => ((a << 1) ^ (a & 0x80 ? 0x1b : 0)) & 0xff;
  const rotl = (x: number, n: number) => ((x << n) | (x >>> (8 - n))) & 0xff;
  let p = 1;
  let q = 1;
  do {
    p ^= xtime(p); // p × 3
    q ^= q << 1; // q ÷ 3
    q ^= q << 2;
    q ^= q << 4;
    q &= 0xff;
    if (q & 0x80) q ^= 0x09;
    SBOX[p] = q ^ rotl(q, 1) ^ rotl(q, 2) ^ rotl(q, 3) ^ rotl(q, 4) ^ 0x63;
  } while (p !== 1);
  SBOX[0] = 0x63;
  for (let i = 0; i < 256; i++) {
    const s = SBOX[i] as number;
    const s2 = xtime(s);
    T0[i] = ((s2 << 24) | (s << 16) | (s << 8) | (s2 ^ s)) >>> 0;
  }
}

const ror8 = (x: number) => ((x >>> 8) | (x << 24)) >>> 0;
const subWord = (w: number) =>
  (((SBOX[w >>> 24] as number) << 24) |
    ((SBOX[(w >>> 16) & 0xff] as number) << 16) |
    ((SBOX[(w >>> 8) & 0xff] as number) << 8) |
    (SBOX[w & 0xff] as number)) >>>
  0;

/** Expands `key` (16, 24 or 32 bytes) into the round-key words (FIPS 197 §5.2). */
export function expandKey(key: Uint8Array): Uint32Array {
  const nk = key.length / 4;
  if (![4, 6, 8].includes(nk)) throw new RangeError(`AES key must be 16, 24 or 32 bytes, not ${key.length}`);
  const words = new Uint32Array(4 * (nk + 7));
  for (let i = 0; i < nk; i++)
    words[i] =
      (((key[4 * i] as number) << 24) |
        ((key[4 * i + 1] as number) << 16) |
        ((key[4 * i + 2] as number) << 8) |
        (key[4 * i + 3] as number)) >>>
      0;
  let rcon = 1;
  for (let i = nk; i < words.length; i++) {
    let t = words[i - 1] as number;
    if (i % nk === 0) {
      t = (subWord(((t << 8) | (t >>> 24)) >>> 0) ^ (rcon << 24)) >>> 0;
      rcon = ((rcon << 1) ^ (rcon & 0x80 ? 0x1b : 0)) & 0xff;
    } else if (nk > 6 && i % nk === 4) {
      t = subWord(t);
    }
    words[i] = ((words[i - nk] as number) ^ t) >>> 0;
  }
  return words;
}

/** Encrypts the 16-byte `block` in place under the expanded key `words`. */
export function encryptBlock(words: Uint32Array, block: Uint8Array): void {
  const rounds = words.length / 4 - 1;
  const s = [0, 0, 0, 0];
  for (let c = 0; c < 4; c++)
    s[c] =
      (((block[4 * c] as number) << 24) |
        ((block[4 * c + 1] as number) << 16) |
        ((block[4 * c + 2] as number) << 8) |
        (block[4 * c + 3] as number)) ^
      (words[c] as number);
  for (let round = 1; round <= rounds; round++) {
    const t = [0, 0, 0, 0];
    for (let c = 0; c < 4; c++) {
      const b0 = (s[c] as number) >>> 24;
      const b1 = ((s[(c + 1) % 4] as number) >>> 16) & 0xff;
      const b2 = ((s[(c + 2) % 4] as number) >>> 8) & 0xff;
      const b3 = (s[(c + 3) % 4] as number) & 0xff;
      const key = words[4 * round + c] as number;
      t[c] =
        round === rounds
          ? (((SBOX[b0] as number) << 24) |
              ((SBOX[b1] as number) << 16) |
              ((SBOX[b2] as number) << 8) |
              (SBOX[b3] as number)) ^
            key
          : (T0[b0] as number) ^
            ror8(T0[b1] as number) ^
            ror8(ror8(T0[b2] as number)) ^
            ror8(ror8(ror8(T0[b3] as number))) ^
            key;
    }
    for (let c = 0; c < 4; c++) s[c] = t[c] as number;
  }
  for (let c = 0; c < 4; c++) {
    const w = s[c] as number;
    block[4 * c] = w >>> 24;
    block[4 * c + 1] = (w >>> 16) & 0xff;
    block[4 * c + 2] = (w >>> 8) & 0xff;
    block[4 * c + 3] = w & 0xff;
  }
}

// Name-based ids for packages: the same options give the same id, different ones a different id.
//   uuidUrn(key) -> 'urn:uuid:…': RFC 9562 version 8, 122 bits of FNV-1a hashes of key (version and
//     variant bits set); no domain in it, so the package is nobody's web address
import { hashSeed } from '../../quiz/prng.js';

export const hex8 = (text) => hashSeed(text).toString(16).padStart(8, '0');

export function uuidUrn(key) {
  const h = [0, 1, 2, 3].map((i) => hex8(`${i}:${key}`)).join(''); // the index first: it stirs the whole hash
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

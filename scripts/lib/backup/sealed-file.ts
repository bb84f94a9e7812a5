/**
 * A file sealed with a passphrase, for the secrets in a backup: AES-256-GCM (authenticated: a
 * wrong passphrase or a changed byte is refused, never half-decrypted) under a key derived from
 * the passphrase with scrypt, all from Node's crypto. The sealed form is JSON naming its
 * algorithm and parameters, so it can be opened without this code.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/** scrypt's cost: ~0.1 s and 32 MiB to try one passphrase. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const MIN_PASSPHRASE = 16;

export interface SealedFile {
  format: 'steel-sealed-1';
  cipher: 'aes-256-gcm';
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  iv: string;
  tag: string;
  ciphertext: string;
}

export class WrongPassphrase extends Error {
  override name = 'WrongPassphrase';
}

const keyOf = (passphrase: string, salt: Buffer, kdf: { N: number; r: number; p: number }) =>
  scryptSync(passphrase, salt, 32, { ...kdf, maxmem: SCRYPT.maxmem });

export function seal(plaintext: Buffer, passphrase: string): SealedFile {
  if (passphrase.length < MIN_PASSPHRASE)
    throw new Error(
      `The backup passphrase must be at least ${MIN_PASSPHRASE} characters (e.g. \`openssl rand -hex 24\`)`,
    );
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(passphrase, salt, SCRYPT), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    format: 'steel-sealed-1',
    cipher: 'aes-256-gcm',
    kdf: { name: 'scrypt', N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString('base64') },
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

export function open(sealed: SealedFile, passphrase: string): Buffer {
  if (sealed.format !== 'steel-sealed-1') throw new Error(`Unknown sealed format ${String(sealed.format)}`);
  const { N, r, p, salt } = sealed.kdf;
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyOf(passphrase, Buffer.from(salt, 'base64'), { N, r, p }),
    Buffer.from(sealed.iv, 'base64'),
  );
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
  } catch {
    throw new WrongPassphrase('The secrets in this backup do not open with this passphrase (or were changed)');
  }
}

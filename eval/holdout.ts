/**
 * The holdout split, chosen by a fixed hash of the fixture id so that nobody picks it by hand: a fixture
 * is held out when the first 32 bits of the SHA-256 of its id, modulo 3, are 0 (about one in three).
 * Renaming a fixture moves it; that is the only way to move one, and a review of the change shows it.
 */
import { createHash } from 'node:crypto'

export const HOLDOUT_MODULUS = 3

export function isHoldout(id: string): boolean {
  return createHash('sha256').update(id, 'utf8').digest().readUInt32BE(0) % HOLDOUT_MODULUS === 0
}

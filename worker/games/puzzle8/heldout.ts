// The project's held-out rule. A board is held out when its FNV-1a hash is divisible by 5
// (about a fifth of the states): no training example may ever be derived from a held-out
// state, and evaluation boards are drawn only from that class. A fixed hash rather than a
// random split keeps the rule the same in every corpus build, browser and machine.
import type { Board } from './board.ts';

const FNV_OFFSET_BASIS = 2166136261;
const FNV_PRIME = 16777619;

/** 32-bit FNV-1a over the UTF-8 bytes of `text`, as an unsigned integer. */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Below 0x80 a char code is its own UTF-8 byte (boards always take this path).
    if (code >= 0x80) return fnv1a32Bytes(new TextEncoder().encode(text));
    hash = step(hash, code);
  }
  return hash;
}

/** 32-bit FNV-1a over raw bytes, as an unsigned integer. */
export function fnv1a32Bytes(bytes: Uint8Array): number {
  let hash = FNV_OFFSET_BASIS;
  for (let i = 0; i < bytes.length; i++) hash = step(hash, bytes[i]);
  return hash;
}

export function isHeldOut(board: Board): boolean {
  return fnv1a32(board) % 5 === 0;
}

// Math.imul keeps the multiply in 32 bits; >>> 0 reads the result as unsigned.
function step(hash: number, byte: number): number {
  return Math.imul(hash ^ byte, FNV_PRIME) >>> 0;
}

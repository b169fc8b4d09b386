/**
 * A gzip body assembled from pieces compressed one by one, so that changing one piece of a
 * multi-megabyte answer recompresses that piece only. Each piece is raw deflate ended by a sync
 * flush (byte-aligned, not final), so pieces can be laid end to end; the gzip trailer's CRC-32 is
 * combined from the pieces' own (zlib's crc32_combine), never recomputed over the whole text.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One compressed piece of the text. */
export interface GzipPiece {
  /** Raw deflate blocks, sync-flushed (no final block). */
  deflated: Buffer;
  crc: number;
  /** Uncompressed length in bytes. */
  length: number;
}

/** Compresses a piece of the text (level 6, zlib's default: the answer is mostly read, seldom written). */
export function gzipPiece(text: Buffer): GzipPiece {
  return { deflated: deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(text), length: text.length };
}

/* CRC-32 combination as zlib 1.2.12 does it: multiplication modulo the CRC polynomial. */
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** X2N[k] = x^(2^k) modulo the polynomial. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k += 1) X2N.push((p = k === 0 ? p : multModP(p, p)));

function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31], p);
    n >>>= 1;
    k += 1;
  }
  return p;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block: ends the deflate stream. */
const FINAL = deflateRawSync(Buffer.alloc(0));

/** The gzip body of the pieces' texts in order. */
export function gzipOf(pieces: readonly GzipPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 0x100000000, 4);
  return Buffer.concat([HEADER, ...pieces.map((p) => p.deflated), FINAL, trailer]);
}

// Share links for solves. A link does not carry the event trace itself: it carries what the
// organelles answered (text and confidence, in order), the start state and the models'
// fingerprint. The orchestrator is deterministic, so feeding those answers back through the
// same loop rebuilds the identical event stream, kanban included, with no model and no
// network: that is the replay. A 40-move solve is a few hundred bytes.
//
// Binary layout (versions 1 and 2), then base64url without padding:
//   u8 version | u8 game | u8 len + start (ASCII) | 8 bytes model fingerprint
//   u32 trace digest | varint count | count x answer | u32 FNV-1a of everything before
// The trace digest (traceDigest below) pins the event stream the answers produced, so a
// replay that drifts from the recorded run, however it got there, is caught.
//   answer = u8 (source << 6 | text length) + text (ASCII) + u8 confidence * 255
// Sources: 0 planner, 1 worker (mover or player), 2 opponent (its move as text).
//
// The version also names the rules a solve was recorded under, since a replay must run the
// same ones. Version 2 changed the 8-puzzle Judge's revisit limit from 1 visit to 3
// (puzzle8/pipeline.ts); version-1 links still decode and replay under their own rules.
import { linkTextProblem } from './cut-link.ts';

export const SHARE_VERSION = 2;
/** The oldest version this build still replays. */
export const OLDEST_SHARE_VERSION = 1;

export type ShareGame = 'puzzle8' | 'tictactoe' | 'connect4';
const GAMES: ShareGame[] = ['puzzle8', 'tictactoe', 'connect4'];

export type AnswerSource = 'planner' | 'worker' | 'opponent';
const SOURCES: AnswerSource[] = ['planner', 'worker', 'opponent'];

export interface RecordedAnswer {
  source: AnswerSource;
  text: string;
  confidence: number; // 0..1, kept to 1/255
}

export interface SolveLink {
  game: ShareGame;
  start: string;
  models: string; // 16 hex digits
  trace: number; // traceDigest of the recorded run's events
  answers: RecordedAnswer[];
  /** The version a link was made with, when older than this build's (kept when re-encoded). */
  version?: number;
}

/** The version `link` was made with: this build's when it carries none. */
export function linkVersion(link: SolveLink): number {
  return link.version ?? SHARE_VERSION;
}

/** `link` as made with `version`, which it carries only when older than this build's. */
export function withVersion(link: SolveLink, version: number): SolveLink {
  const { version: _previous, ...rest } = link;
  return version === SHARE_VERSION ? rest : { ...rest, version };
}

/** `version` if this build reads and writes it, else the reason it cannot. */
function supportedVersion(version: number): number {
  if (version > SHARE_VERSION) throw new ShareLinkError(`the link was made by a newer version of Organelle Lab (format ${version})`);
  if (version < OLDEST_SHARE_VERSION) throw new ShareLinkError(`unknown link format ${version}`);
  return version;
}

/**
 * FNV-1a of the events as JSON, confidences at link precision (1/255). An ensemble's
 * individual votes are left out: a link records each answer and its confidence, not the
 * votes behind it, so a replay cannot rebuild them.
 */
export function traceDigest(events: readonly unknown[]): number {
  const json = JSON.stringify(events, (key, value) =>
    key === 'votes' ? undefined : key === 'confidence' && typeof value === 'number' ? Math.round(value * 255) : value,
  );
  const bytes = new TextEncoder().encode(json);
  return fnv1a(bytes, bytes.length);
}

export class ShareLinkError extends Error {
  override name = 'ShareLinkError';
}

/** FNV-1a over bytes[0, end): the links' checksum (compose-link.ts uses it too). */
export function fnv1a(bytes: Uint8Array, end: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h >>> 0;
}

function ascii(text: string, what: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) throw new ShareLinkError(`${what} has a character that cannot be shared: code ${c}`);
    out.push(c);
  }
  return out;
}

export function encodeSolveLink(link: SolveLink): string {
  if (!/^[0-9a-f]{16}$/.test(link.models)) throw new ShareLinkError('the model fingerprint must be 16 hex digits');
  const bytes: number[] = [supportedVersion(linkVersion(link)), GAMES.indexOf(link.game)];
  if (bytes[1] < 0) throw new ShareLinkError(`unknown game ${link.game}`);
  const start = ascii(link.start, 'the start state');
  if (start.length > 255) throw new ShareLinkError('the start state is too long to share');
  bytes.push(start.length, ...start);
  for (let i = 0; i < 16; i += 2) bytes.push(parseInt(link.models.slice(i, i + 2), 16));
  bytes.push(link.trace & 0xff, (link.trace >>> 8) & 0xff, (link.trace >>> 16) & 0xff, link.trace >>> 24);
  let n = link.answers.length;
  do {
    bytes.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  for (const a of link.answers) {
    const text = ascii(a.text, 'an answer');
    if (text.length > 63) throw new ShareLinkError(`answer "${a.text.slice(0, 20)}..." is too long to share`);
    bytes.push((SOURCES.indexOf(a.source) << 6) | text.length, ...text, Math.round(Math.min(1, Math.max(0, a.confidence)) * 255));
  }
  const out = new Uint8Array(bytes.length + 4);
  out.set(bytes);
  new DataView(out.buffer).setUint32(bytes.length, fnv1a(out, bytes.length), true);
  return toBase64Url(out);
}

export function decodeSolveLink(payload: string): SolveLink {
  if (payload.length === 0) throw new ShareLinkError('the link is empty');
  const problem = linkTextProblem(payload);
  if (problem) throw new ShareLinkError(problem);
  const bytes = fromBase64Url(payload);
  if (bytes.length < 16) throw new ShareLinkError('the link is too short: it was probably cut off');
  const body = bytes.length - 4;
  if (fnv1a(bytes, body) !== new DataView(bytes.buffer, bytes.byteOffset).getUint32(body, true)) {
    throw new ShareLinkError('the link is damaged or was edited: its checksum does not match');
  }
  let at = 0;
  const need = (n: number) => {
    if (at + n > body) throw new ShareLinkError('the link ends too early');
  };
  const version = supportedVersion(bytes[at++]);
  const game = GAMES[bytes[at++]];
  if (!game) throw new ShareLinkError('the link names an unknown game');
  need(1);
  const startLen = bytes[at++];
  need(startLen + 12);
  const start = String.fromCharCode(...bytes.subarray(at, at + startLen));
  at += startLen;
  const models = Array.from(bytes.subarray(at, at + 8), (b) => b.toString(16).padStart(2, '0')).join('');
  at += 8;
  const trace = (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
  at += 4;
  let count = 0;
  for (let shift = 0; ; shift += 7) {
    need(1);
    const b = bytes[at++];
    count |= (b & 0x7f) << shift;
    if (!(b & 0x80)) break;
    if (shift > 21) throw new ShareLinkError('the link has an impossible answer count');
  }
  const answers: RecordedAnswer[] = [];
  for (let i = 0; i < count; i++) {
    need(1);
    const head = bytes[at++];
    const source = SOURCES[head >> 6];
    if (!source) throw new ShareLinkError('the link has an answer from an unknown source');
    const len = head & 0x3f;
    need(len + 1);
    const text = String.fromCharCode(...bytes.subarray(at, at + len));
    at += len;
    answers.push({ source, text, confidence: bytes[at++] / 255 });
  }
  if (at !== body) throw new ShareLinkError('the link has unexpected data after its answers');
  return withVersion({ game, start, models, trace, answers }, version);
}

/** Bytes as base64url without padding: the text of every share link. */
export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  let s: string;
  try {
    s = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  } catch {
    throw new ShareLinkError('the link is not valid base64: it may have been cut or edited');
  }
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

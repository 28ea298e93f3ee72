// What a share link's text says when it is not a link's: the usual cause is a link cut short (a
// chat or a mail shortening it with "…", a copy that missed its end) or changed on the way, so
// the words say that plainly and what to do about it, rather than naming an encoding.

/** The characters of every share link's payload: base64url, no padding. */
export const LINK_CHARACTERS = /^[A-Za-z0-9_-]+$/;

const AGAIN = 'copy the whole link again from where it was shared';

/** `payload` with its percent-escapes read ("%E2%80%A6" -> "…"), or as it is when they do not read. */
function typed(payload: string): string {
  try {
    return decodeURIComponent(payload);
  } catch {
    return payload;
  }
}

/** Why `payload` (non-empty) cannot be a link's text, as a sentence's body; null when its characters are a link's. */
export function linkTextProblem(payload: string): string | null {
  if (LINK_CHARACTERS.test(payload)) {
    // base64url never ends one character past a whole group of four: that is a link cut part-way
    return payload.length % 4 === 1 ? `the link looks cut short: it stops part-way through; ${AGAIN}` : null;
  }
  // an address carries "…" or "<" percent-encoded: read as a person typed it
  const text = typed(payload);
  if (/(…|\.\.\.?)$/.test(text)) return `the link looks cut short: it ends in “…”, where something shortened it; ${AGAIN}`;
  const odd = [...text].find((c) => !LINK_CHARACTERS.test(c)) ?? [...payload].find((c) => !LINK_CHARACTERS.test(c))!;
  const shown = /\s/.test(odd) ? 'a space' : `“${odd}”`;
  return `the link looks incomplete or changed: it has ${shown}, which no share link has; ${AGAIN}`;
}

/** A payload of a link's characters whose last one is not how a link ends (its unused bits set): changed, or cut and joined. */
export const LINK_END_PROBLEM = `the link looks incomplete or changed: it does not end the way a share link ends; ${AGAIN}`;

// A composition's share link (`#/c/<payload>`, worker/share/compose-link.ts): its full address
// from the page's own, and what the shared view says of a link that does not replay.
import type { ComposeReplay } from '../../../worker/browser/messages.ts';
import { sentence } from '../replay/shared-run.ts';

/** The full address of a composition's share link. */
export function composeShareUrl(payload: string, pageUrl: string): string {
  const url = new URL(pageUrl);
  url.hash = `/c/${payload}`;
  return url.href;
}

/** What each failed check means for the person holding the link. */
const CHECK_WHAT: Record<string, string> = {
  characters: 'it looks cut or mangled: it has characters no link of this site has (copy the whole link again from where it was shared)',
  length: 'it is cut short, or has more than a link holds',
  version: 'it was made by another version of Organelle Lab',
  compression: 'its content does not unpack',
  checksum: 'it was changed or damaged on the way',
  flags: 'it was altered',
  models: 'its model fingerprint was altered',
  thresholds: 'its thresholds were altered',
  limits: 'its limits were altered',
  intent: 'its intent is not one the pipeline takes',
  answers: 'its organelle answers were altered',
  replay: 'its answers do not fit the run they claim to be',
  trace: 'the run it replays is not the run it recorded',
  error: 'the replay stopped on an error',
};

/** A refused link's check, and its message as a sentence ("checksum: the link is …" -> "The link is …."). */
export function linkRefusal(outcome: Extract<ComposeReplay, { ok: false }>): { check: string; what: string; message: string } {
  const prefix = `${outcome.check}: `;
  const message = outcome.message.startsWith(prefix) ? outcome.message.slice(prefix.length) : outcome.message;
  return { check: outcome.check, what: CHECK_WHAT[outcome.check] ?? 'it does not replay', message: sentence(message) };
}

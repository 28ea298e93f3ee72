// Opening a share link (#/r/<payload>), an 8-puzzle solve or a two-player game: decode it
// and replay it through the deterministic orchestrator, with no model and no network.
// Anything wrong with the link, malformed, truncated or tampered, comes back as a plain
// sentence to show; nothing here throws.
import { decodeSolveLink, ShareLinkError, type SolveLink } from '../../../worker/share/solve-link.ts';
import { replaySolve } from '../../../worker/games/puzzle8/share.ts';
import { replayGameLink } from '../../../worker/share/game-record.ts';
import { GAME_PIPELINES, isTwoPlayerGame, type TwoPlayerGame } from '../../../worker/pipeline/games.ts';
import type { OrchestratorEvent } from '../../../worker/orchestrator/events.ts';
import { errorMessage } from '../lib/format.ts';

export type SharedRun =
  | { ok: true; kind: 'solve'; link: SolveLink; events: OrchestratorEvent[] }
  | { ok: true; kind: 'game'; game: TwoPlayerGame; link: SolveLink; events: OrchestratorEvent[] }
  | { ok: false; message: string };

/** "the link is empty" -> "The link is empty." */
export function sentence(text: string): string {
  const t = text.trim();
  if (t === '') return t;
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.');
}

export function openSharedRun(payload: string): SharedRun {
  try {
    const link = decodeSolveLink(payload);
    if (isTwoPlayerGame(link.game)) {
      const session = replayGameLink(GAME_PIPELINES[link.game].adapter, link);
      return { ok: true, kind: 'game', game: link.game, link, events: [...session.events] };
    }
    return { ok: true, kind: 'solve', link, events: replaySolve(link).events };
  } catch (err) {
    if (err instanceof ShareLinkError) return { ok: false, message: sentence(err.message) };
    return { ok: false, message: sentence(`the link could not be replayed: ${errorMessage(err)}`) };
  }
}

/** The full address of a share link, from the page's own address. */
export function shareUrl(payload: string, pageUrl: string): string {
  const url = new URL(pageUrl);
  url.hash = `/r/${payload}`;
  return url.href;
}

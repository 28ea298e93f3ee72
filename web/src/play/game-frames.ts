// A tic-tac-toe or connect-4 game as the Play and shared views show it: one frame per move,
// either side's (frame 0 is the empty board), each with the board, the kanban as the
// orchestrator held it when the move was chosen, and the Planner's and Player's latest
// calls; the event log with the frame each entry belongs to; and the counts. Pure functions
// of the event list, so a game being played, a watched game and its replayed share link look
// the same. The person who played a game reads it as "you"; anyone opening its link reads
// "the person".
import { decodeKanban, emptyKanban, moveRejected, planned, stalled } from '../../../worker/orchestrator/kanban.ts';
import type { GameResult, OrchestratorEvent, RejectReason } from '../../../worker/orchestrator/events.ts';
import type { CallRow, LogWho, OrganelleCall, ReplayFrame, ReplayOf } from '../replay/types.ts';
import { plannerCall, plannerLine, type PlanReader } from '../replay/planner-events.ts';
import { eventLogWriter } from '../replay/event-log.ts';
import { connect4Board, promptKey } from '../lib/prompt-keys.ts';
import { capitalized } from '../lib/format.ts';
import { PLAY_GAMES, TTT_CELL_NAMES } from './games.ts';

export type PlayGame = 'tictactoe' | 'connect4';

/** Who reads a game: the person who played it (or watched it played), or anyone opening its link. */
export type GameReader = 'player' | 'link';

/** What the organelles' side had done up to a frame: the Result panel follows the playback. */
export interface GameTally {
  moves: number;
  modelMoves: number;
  fallbackMoves: number;
  opponentMoves: number;
  rejections: number;
  plans: number; // Planner plans used
  heuristicPlans: number;
}

export interface GameFrame extends ReplayFrame {
  state: string; // the board after this frame's move
  move: string | null;
  /** Who made this frame's move: the organelles (by the model or the fallback) or the other side. */
  mover: 'organelles' | 'opponent' | null;
  by: 'model' | 'fallback' | null; // organelle moves only
  piece: string | null; // 'X' or 'O'
  confidence: number | null; // the Player's confidence in an accepted move
  planner: OrganelleCall | null; // the Planner's latest call up to this frame
  player: OrganelleCall | null; // the Player's latest call up to this frame
  /** The counts up to this frame; the last frame's are the whole game's. */
  tally: GameTally;
}

export interface GameSummary extends Omit<GameTally, 'moves'> {
  game: string;
  reader: GameReader;
  organelleSide: string; // the piece the organelles play
  first: boolean; // the organelles moved first
  opponent: string; // 'human' or a scripted opponent's name
  result: GameResult | null; // for the organelles; null while playing or after an error
  winner: string | null;
  moves: string[];
  error: string | null;
}

export interface GameReplay extends ReplayOf<GameFrame> {
  summary: GameSummary;
}

/** "X takes the centre (cell 4)" / "O drops into column 3". */
export function moveText(game: string, piece: string | null, move: string): string {
  const who = piece ?? '?';
  if (game === 'tictactoe') return `${who} takes the ${TTT_CELL_NAMES[Number(move)] ?? 'cell'} (cell ${move})`;
  if (game === 'connect4') return `${who} drops into column ${move}`;
  return `${who} plays ${move}`;
}

/**
 * The other side as the page names it: a person is "you" to the player and "a person" to a
 * link's reader; a scripted opponent as the Play view calls it ("the tactical opponent"), or
 * "the NAME opponent" for one this build does not know (a link from another build).
 */
export function opponentLabel(opponent: string, reader: GameReader): string {
  if (opponent !== 'human') {
    const known = Object.values(PLAY_GAMES).flatMap((g) => g.opponents).find((o) => o.name === opponent);
    return known?.called ?? `the ${opponent} opponent`;
  }
  return reader === 'player' ? 'you' : 'a person';
}

/** The other side once introduced: "you", "the person", "the random opponent". */
function theOpponent(summary: GameSummary): string {
  return opponentLabel(summary.opponent, summary.reader).replace(/^a /, 'the ');
}

/**
 * Who plays each piece, X first, as a board's key names them: "Organelles", and "You", "A
 * person" (a link's reader) or the opponent watched ("Tactical opponent", "Alpha-beta search
 * (4 moves deep)").
 */
export function sideNames(summary: GameSummary): { piece: 'X' | 'O'; who: string }[] {
  const other = capitalized(opponentLabel(summary.opponent, summary.reader).replace(/^the /, ''));
  const organelles = summary.organelleSide === 'X' ? 'X' : 'O';
  return (['X', 'O'] as const).map((piece) => ({ piece, who: piece === organelles ? 'Organelles' : other }));
}

/**
 * What the kanban panel says of a frame: the kanban the organelles held for their move, or,
 * after the other side's, that it is still theirs ("The alpha-beta search (4 moves deep)
 * played move 3", rather than a possessive of a long name).
 */
export function kanbanCaption(frame: GameFrame | null, summary: GameSummary | null): string {
  if (frame === null || frame.index === 0) return 'Before the first move.';
  if (frame.mover === 'organelles') return `As the organelles held it when they chose move ${frame.index}.`;
  const who = summary ? capitalized(theOpponent(summary)) : 'The other side';
  return `${who} played move ${frame.index}: the kanban stays as the organelles left it after move ${frame.index - 1}.`;
}

/**
 * A plan's items as a person reads them: an item is a cell or column, tagged `w` when it
 * wins at once and `b` when it blocks the opponent's line ("w6,b2,4" is "cell 6 wins,
 * cell 2 blocks, cell 4").
 */
export function planReader(game: string): PlanReader {
  const unit = game === 'connect4' ? 'column' : 'cell';
  const TAGS: Record<string, string> = { w: ' wins', b: ' blocks' };
  return (plan) => plan.map((item) => {
    const tagged = /^([wb])(\d+)$/.exec(item);
    return tagged ? `${unit} ${tagged[2]}${TAGS[tagged[1]!]}` : /^\d+$/.test(item) ? `${unit} ${item}` : item;
  }).join(', ');
}

/** The kanban's key to a game's plan items, which it shows as written. */
export function planLegend(game: string): string {
  const unit = game === 'connect4' ? 'column' : 'cell';
  return `Plan items are ${unit}s: w3 wins at once, b3 blocks the other side's line, a bare 3 is a move worth playing.`;
}

/**
 * The key to the prompts under the kanban at a frame: the organelles are always the side
 * to move when asked, so `x` is their side. A connect-4 board is seven letters that each
 * encode a whole column, so the one the organelles last received is decoded too.
 */
export function promptLegend(game: PlayGame, frame: GameFrame, organelleSide: string): string {
  const key = promptKey(game, organelleSide)!;
  const prompt = frame.planner?.prompt ?? frame.player?.prompt;
  const board = game === 'connect4' && prompt !== undefined ? connect4Board(prompt) : null;
  return board === null ? key : `${key} This board, column by column: ${board}.`;
}

function tallyOf(summary: GameSummary): GameTally {
  const { modelMoves, fallbackMoves, opponentMoves, rejections, plans, heuristicPlans } = summary;
  return { moves: summary.moves.length, modelMoves, fallbackMoves, opponentMoves, rejections, plans, heuristicPlans };
}

const REJECT_WHY: Record<RejectReason, string> = {
  unparseable: 'the answer is not a move',
  blocked: 'already refused this turn',
  illegal: 'not a legal move here',
  cycle: 'it would repeat a position',
};

function resultText(summary: GameSummary): string {
  if (summary.result === 'draw') return 'Draw: the board is full with no line';
  if (summary.result === 'win') return `${summary.winner} wins: the organelles beat ${theOpponent(summary)}`;
  return `${summary.winner} wins: ${theOpponent(summary)} beat the organelles`;
}

/** Builds the frames, log and summary of a game from its events (which start with run_started). */
export function buildGameReplay(events: readonly OrchestratorEvent[], reader: GameReader = 'player'): GameReplay {
  const first = events[0];
  const config = first?.type === 'run_started' ? first.config : {};
  const summary: GameSummary = {
    game: first?.type === 'run_started' ? first.game : '',
    reader,
    organelleSide: String(config.organelleSide ?? 'X'),
    first: config.side !== 'second',
    opponent: String(config.opponent ?? 'opponent'),
    result: null, winner: null, moves: [], modelMoves: 0, fallbackMoves: 0, opponentMoves: 0, rejections: 0,
    plans: 0, heuristicPlans: 0, error: null,
  };
  const opponentSide = summary.organelleSide === 'X' ? 'O' : 'X';
  const opponentWho: LogWho = summary.opponent !== 'human' ? 'Opponent' : reader === 'player' ? 'You' : 'Person';
  const readPlan = planReader(summary.game);
  let state = first?.type === 'run_started' ? first.start : '';
  let kanban = emptyKanban();
  let planner: OrganelleCall | null = null;
  let player: OrganelleCall | null = null;
  let plannerPrompt = '';
  let proposal: { confidence: number; output: string } | null = null;
  const frames: GameFrame[] = [
    {
      index: 0, caption: '', kanban, state, move: null, mover: null, by: null, piece: null, confidence: null, planner: null, player: null,
      tally: tallyOf(summary),
    },
  ];
  const { add, line, close } = eventLogWriter(() => frames.length);

  for (const e of events) {
    switch (e.type) {
      case 'run_started': {
        const side = summary.first ? 'first' : 'second';
        add(e, 'start', 'Orchestrator', `New game: the organelles play ${summary.organelleSide} (${side}) against ${opponentLabel(summary.opponent, reader)}`);
        break;
      }
      case 'plan_requested':
        plannerPrompt = e.prompt;
        break;
      case 'plan_generated':
        planner = plannerCall(e, plannerPrompt, frames.length, readPlan);
        // a new turn: the plan is its todo, and last turn's refusals are forgotten
        kanban = planned({ ...kanban, blocked: [] }, e.plan);
        summary.plans++;
        line(e, plannerLine(e, readPlan));
        break;
      case 'plan_rejected':
        planner = plannerCall(e, plannerPrompt, frames.length, readPlan);
        line(e, plannerLine(e, readPlan));
        break;
      case 'plan_fallback':
        kanban = planned({ ...kanban, blocked: [] }, e.plan);
        summary.heuristicPlans++;
        line(e, plannerLine(e, readPlan));
        break;
      case 'move_proposed':
        proposal = { confidence: e.confidence, output: e.output };
        if (e.by === 'model') {
          player = { prompt: e.prompt, output: e.output, meaning: e.move ?? 'not a move', confidence: e.confidence, frame: frames.length };
          add(e, 'proposal', 'Player', e.move === null ? `Answered “${e.output}”` : `Proposed ${e.move}`, e.confidence);
        } else {
          add(e, 'fallback', 'Fallback', `Picked ${e.move} (the heuristic plan's first legal move)`);
        }
        break;
      case 'move_rejected':
        kanban = e.move === null ? stalled(kanban) : moveRejected(kanban, e.move);
        summary.rejections++;
        add(e, 'rejection', 'Judge', `Refused ${e.move ?? `“${proposal?.output ?? ''}”`}: ${REJECT_WHY[e.reason]}`);
        break;
      case 'move_applied': {
        state = e.state;
        const confidence = e.by === 'model' && proposal ? proposal.confidence : null;
        summary.moves.push(e.move);
        if (e.by === 'model') summary.modelMoves++;
        else summary.fallbackMoves++;
        const index = frames.length;
        const text = moveText(summary.game, summary.organelleSide, e.move);
        add(e, 'move', e.by === 'model' ? 'Player' : 'Fallback', `Move ${index}: ${text}, chosen by the ${e.by === 'model' ? 'Player' : 'fallback'}`, confidence ?? undefined);
        const caption = `${text} · ${e.by === 'model' ? 'Player' : 'fallback'}${confidence !== null ? ` ${Math.round(confidence * 100)}%` : ''}`;
        frames.push({
          index, caption, kanban, state, move: e.move, mover: 'organelles', by: e.by, piece: summary.organelleSide, confidence, planner, player,
          tally: tallyOf(summary),
        });
        kanban = decodeKanban(e.kanban);
        proposal = null;
        break;
      }
      case 'opponent_move': {
        state = e.state;
        summary.moves.push(e.move);
        summary.opponentMoves++;
        const index = frames.length;
        const text = moveText(summary.game, opponentSide, e.move);
        add(e, 'opponent', opponentWho, `Move ${index}: ${text}`);
        frames.push({
          index, caption: `${text} · ${theOpponent(summary)}`, kanban, state, move: e.move, mover: 'opponent', by: null, piece: opponentSide, confidence: null,
          planner, player, tally: tallyOf(summary),
        });
        break;
      }
      case 'game_over':
        summary.result = e.result;
        summary.winner = e.winner;
        add(e, 'game-over', 'Orchestrator', resultText(summary));
        break;
      case 'failed':
        add(e, 'failed', 'Orchestrator', `The game stopped after ${e.moves.length} moves (${e.reason})`);
        break;
      case 'error':
        summary.error = e.message;
        add(e, 'error', 'Orchestrator', `Error: ${e.message}`);
        break;
      case 'phase_change':
        break;
      default:
        add(e, 'other', 'Orchestrator', e.type.replace(/_/g, ' '));
    }
  }
  // entries after the last move (its plan for a move not made yet, the ending) belong to the
  // last frame, and so do their counts
  frames[frames.length - 1]!.tally = tallyOf(summary);
  return { frames, log: close(frames.length), summary };
}

/** The Planner's and the Player's latest calls as of a frame, for the calls under the kanban. */
export function gameCalls(frame: GameFrame): CallRow[] {
  const when = (call: OrganelleCall | null) =>
    call === null ? '' : call.frame === frame.index ? '· for this move' : `· for move ${call.frame}`;
  const none = frame.index === 0 ? 'Not asked yet.' : 'Not asked yet: the organelles have not moved.';
  return [
    { who: 'Planner', call: frame.planner, when: when(frame.planner), none },
    { who: 'Player', call: frame.player, when: frame.by === 'fallback' ? '· refused, so the fallback chose' : when(frame.player), none },
  ];
}

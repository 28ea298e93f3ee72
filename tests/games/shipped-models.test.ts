// End to end with the shipped models (public/models/tictactoe/, public/models/connect4/):
// each file matches its registered recipe and the current corpus, carries no optimizer
// state, stays under 200K parameters, and a few seeded games through the real pipeline
// play legally, with model moves, no parse errors and no tic-tac-toe losses. The shipped
// connect-4 corpus (built here once, through its recipes) holds every column code a game in
// play can show.
import { expectShippedMatchesRecipe } from '../helpers/shipped.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeModelFile } from '../../worker/model/model-file.ts';
import { corpusExamples } from '../../worker/corpus/examples.ts';
import { Organelle } from '../../worker/organelle.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { findRecipe } from '../../worker/recipes/index.ts';
import { connect4Corpus } from '../../worker/recipes/connect4.ts';
import { parseCorpus } from '../../worker/corpus/documents.ts';
import { COLS } from '../../worker/games/connect4/rules.ts';
import { loadOrganelle, SHIPPED_MODELS_DIR } from '../../cli/models.ts';
import { organelleFn } from '../../worker/pipeline/organelle-fn.ts';
import { playMatch, type GameAdapter, type GameOrganelles, type Opponent } from '../../worker/orchestrator/game-loop.ts';
import { ticTacToeAdapter, ticTacToeOpponent, TICTACTOE_MAX_NEW } from '../../worker/games/tictactoe/pipeline.ts';
import { connect4Adapter, connect4Opponent, CONNECT4_MAX_NEW } from '../../worker/games/connect4/pipeline.ts';

const GAMES = ['tictactoe', 'connect4'] as const;
const ROLES = ['planner', 'player'] as const;

describe.each(GAMES)('shipped %s models', (game) => {
  it.each(ROLES)('%s matches its recipe and the current corpus', (role) => expectShippedMatchesRecipe(game, role));
});

// `organelle train <game>` keeps six documents of the corpus in each file, so that the Ask
// view can show what to ask; the shipped files must hold the very ones it would write.
describe.each([
  ['puzzle8', 'planner'], ['puzzle8', 'mover'], ['tictactoe', 'planner'], ['tictactoe', 'player'], ['connect4', 'planner'], ['connect4', 'player'],
])('shipped %s %s', (game, role) => {
  it('keeps the corpus examples that training writes', async () => {
    const model = decodeModelFile(await readFile(join(SHIPPED_MODELS_DIR, game, `${role}.organelle`)));
    const organelle = await Organelle.fromModel(await nodeWasmModule(), model);
    const expected = corpusExamples(organelle, findRecipe(`${game}/${role}`).buildCorpus());
    expect(expected).toHaveLength(6);
    expect(model.examples).toEqual(expected);
  });
});

// The shipped build is the one the recipes above read (worker/recipes/connect4.ts builds it once).
describe('the shipped connect-4 corpus', () => {
  it('holds every column code a game in play can show, so no prompt meets an unknown character', () => {
    // columns of 0..6 pieces without four of one colour in a row (that would have ended the game)
    let reachable = 0;
    for (let h = 0; h <= 6; h++) {
      for (let bits = 0; bits < 1 << h; bits++) {
        const s = [...Array(h)].map((_, i) => ((bits >> i) & 1 ? 'o' : 'x')).join('');
        if (!/xxxx|oooo/.test(s)) reachable++;
      }
    }
    expect(reachable).toBe(103);
    const shipped = connect4Corpus();
    expect(shipped.player).toBe(findRecipe('connect4/player').buildCorpus());
    expect(shipped.stats.columnCodes).toBe(reachable);
    const vocab = new Set([...parseCorpus(shipped.player).map((d) => d.prompt.slice(0, COLS))].join(''));
    expect(vocab.size).toBe(reachable);
  }, 60_000);
});

interface Case {
  adapter: GameAdapter<string>;
  opponent: Opponent<string>;
  maxNew: { planner: number; player: number };
}
const CASES: Record<(typeof GAMES)[number], Case> = {
  tictactoe: { adapter: ticTacToeAdapter, opponent: ticTacToeOpponent('random'), maxNew: TICTACTOE_MAX_NEW },
  connect4: { adapter: connect4Adapter, opponent: connect4Opponent('random'), maxNew: CONNECT4_MAX_NEW },
};

describe.each(GAMES)('%s pipeline with the shipped models', (game) => {
  let organelles: GameOrganelles;
  beforeAll(async () => {
    const planner = await loadOrganelle(SHIPPED_MODELS_DIR, game, 'planner');
    const player = await loadOrganelle(SHIPPED_MODELS_DIR, game, 'player');
    const { maxNew } = CASES[game];
    organelles = { planner: organelleFn(planner, { maxNew: maxNew.planner }), player: organelleFn(player, { maxNew: maxNew.player }) };
  });

  it.each(['first', 'second'] as const)('plays 20 seeded games as %s against random with model moves only', (side) => {
    const { adapter, opponent } = CASES[game];
    const s = playMatch(adapter, organelles, opponent, { games: 20, seed: 7, side, opponentName: 'random' });
    expect(s.errors).toBe(0);
    expect(s.parse_errors).toBe(0);
    expect(s.model_move_share).toBeGreaterThanOrEqual(0.97);
    if (game === 'tictactoe') expect(s.losses).toBe(0);
    if (side === 'first') expect(s.wins).toBeGreaterThanOrEqual(18);
  });
});

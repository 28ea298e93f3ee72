// The figures the home page quotes for the built-in organelles (web/src/lib/measured.ts) come
// from the evaluation reports in docs/results, and those reports measured the very files in
// public/models: retrain a shipped model without running its evaluations again
// (`organelle reports <game>`) and this fails.
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeModelFile, modelFingerprint } from '../../worker/model/model-file.ts';
import { readModelFile, SHIPPED_MODELS_DIR } from '../../cli/models.ts';
import { BLIND_FILES, TYPED_FILES } from '../../cli/reports.ts';
import { grouped, percent } from '../../web/src/lib/format.ts';
import {
  connect4Measured,
  MEASURED,
  puzzle8Measured,
  tictactoeMeasured,
  type MatchReport,
  type PuzzleReport,
} from '../../web/src/lib/measured.ts';

const RESULTS = new URL('../../docs/results/', import.meta.url);
const read = async <T>(name: string): Promise<T> => JSON.parse(await readFile(new URL(name, RESULTS), 'utf8')) as T;

const shippedFingerprint = async (game: string, role: string) =>
  modelFingerprint(decodeModelFile(await readModelFile(SHIPPED_MODELS_DIR, game, role)));

describe('measured results of the shipped models', () => {
  it('every game evaluation in docs/results names the shipped files it measured', async () => {
    const files = (await readdir(RESULTS)).filter((f) => /^(puzzle8|tictactoe|connect4)-.*\.json$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(14);
    for (const file of files) {
      const game = file.split('-')[0];
      const report = await read<{ model_fingerprints?: Record<string, string> }>(file);
      const roles = Object.keys(report.model_fingerprints ?? {});
      expect(roles, file).toEqual(['planner', game === 'puzzle8' ? 'mover' : 'player']);
      for (const role of roles) {
        const hint = `${file} measured another ${role} than the shipped one: run \`organelle reports ${game}\``;
        expect(report.model_fingerprints![role], hint).toBe(await shippedFingerprint(game, role));
      }
    }
  });

  it('the home page has figures for every game, with the shipped models\' fingerprints', async () => {
    expect(Object.keys(MEASURED).sort()).toEqual(['connect4', 'puzzle8', 'tictactoe']);
    expect(MEASURED.puzzle8!.fingerprints).toEqual({
      planner: await shippedFingerprint('puzzle8', 'planner'),
      mover: await shippedFingerprint('puzzle8', 'mover'),
    });
  });

  it('the sentences carry the reports\' own counts', async () => {
    const puzzle = await read<PuzzleReport>('puzzle8-random1000.json');
    expect(MEASURED.puzzle8!.lines[0]).toContain(`Solved ${grouped(puzzle.solved)} of ${grouped(puzzle.boards)} random boards`);
    expect(MEASURED.puzzle8!.lines[0]).toContain(`in ${Math.round(100 * (puzzle.mean_moves_over_optimal - 1))}% more moves than the shortest`);
    expect(MEASURED.puzzle8!.lines[0]).toContain(`the Mover alone solved ${grouped(puzzle.ablation!.solved)}.`);
    const minimax = await read<MatchReport>('tictactoe-minimax-second.json');
    expect(MEASURED.tictactoe!.lines[0]).toContain(`and ${grouped(minimax.draws)} of ${grouped(minimax.games)} moving second`);
    expect(MEASURED.tictactoe!.lines[0]).toContain(`(${grouped((await read<MatchReport>('tictactoe-minimax-first.json')).distinct_games)} and ${grouped(minimax.distinct_games)} different games`);
    const tactical = await read<MatchReport>('connect4-tactical-first.json');
    expect(MEASURED.connect4!.lines[0]).toContain(`won ${grouped(tactical.wins)} of ${grouped(tactical.games)} games moving first`);
    const [first, second] = await Promise.all(['first', 'second'].map((side) => read<MatchReport>(`connect4-alphabeta2-${side}.json`)));
    expect(MEASURED.connect4!.lines[1]).toContain(
      `of ${grouped(first.games + second.games)} games won ${grouped(first.wins + second.wins)}, drew ${grouped(first.draws + second.draws)} ` +
        `and lost ${grouped(first.losses + second.losses)}, but only ${grouped(first.distinct_games + second.distinct_games)} of them were different.`,
    );
    const [o1, o2] = await Promise.all(['first', 'second'].map((side) => read<MatchReport>(`connect4-alphabeta2-opening4-${side}.json`)));
    expect(o1.opening).toBe(4);
    expect(MEASURED.connect4!.lines[1]).toContain(`After 4 random opening moves: won ${grouped(o1.wins + o2.wins)} of ${grouped(o1.games + o2.games)} and lost ${grouped(o1.losses + o2.losses)}.`);
  });

  it('each scripted opponent with reports has its own sentence, with its reports\' counts', async () => {
    const pair = (game: string, opponent: string) => Promise.all(['first', 'second'].map((side) => read<MatchReport>(`${game}-${opponent}-${side}.json`)));
    const [r1, r2] = await pair('connect4', 'random');
    expect(MEASURED.connect4!.byOpponent!.random).toBe(
      `Against random moves: won ${grouped(r1.wins)} of ${grouped(r1.games)} games moving first and ${grouped(r2.wins)} of ${grouped(r2.games)} moving second, lost ${grouped(r1.losses + r2.losses)}.`,
    );
    const [t1, t2] = await pair('tictactoe', 'tactical');
    expect(MEASURED.tictactoe!.byOpponent!.tactical).toBe(
      `Against the tactical opponent: won ${grouped(t1.wins)} of ${grouped(t1.games)} games moving first and ${grouped(t2.wins)} of ${grouped(t2.games)} moving second, lost ${grouped(t1.losses + t2.losses)}.`,
    );
    const [d1, d2, do1, do2] = await Promise.all(
      ['alphabeta4-first', 'alphabeta4-second', 'alphabeta4-opening4-first', 'alphabeta4-opening4-second'].map((f) => read<MatchReport>(`connect4-${f}.json`)),
    );
    expect(MEASURED.connect4!.byOpponent!.alphabeta4).toBe(
      `Against a four-ply alpha-beta search: of ${grouped(d1.games + d2.games)} games won ${grouped(d1.wins + d2.wins)}, drew ${grouped(d1.draws + d2.draws)} ` +
        `and lost ${grouped(d1.losses + d2.losses)}, but only ${grouped(d1.distinct_games + d2.distinct_games)} of them were different. ` +
        `After 4 random opening moves: won ${grouped(do1.wins + do2.wins)} of ${grouped(do1.games + do2.games)} and lost ${grouped(do1.losses + do2.losses)}.`,
    );
    // the headline sentences are the same ones
    expect(MEASURED.connect4!.byOpponent!.tactical).toBe(MEASURED.connect4!.lines[0]);
    expect(MEASURED.connect4!.byOpponent!.alphabeta2).toBe(MEASURED.connect4!.lines[1]);
    expect(MEASURED.tictactoe!.byOpponent!.minimax).toBe(MEASURED.tictactoe!.lines[0]);
    // named as the Play view's opponents are: every report's opponent, and nothing else
    for (const game of ['tictactoe', 'connect4'] as const) {
      const reported = new Set((await readdir(RESULTS)).filter((f) => f.startsWith(`${game}-`)).map((f) => f.split('-')[1]));
      expect(Object.keys(MEASURED[game]!.byOpponent!).sort()).toEqual([...reported].sort());
    }
  });

  it('reports that disagree on the models, or do not name them, give no figures', async () => {
    const puzzle = await read<PuzzleReport>('puzzle8-random1000.json');
    expect(puzzle8Measured({ ...puzzle, model_fingerprints: undefined })).toBeNull();
    expect(puzzle8Measured({ ...puzzle, model_fingerprints: { planner: 'a' } })).toBeNull();
    const [a, b] = await Promise.all(['tictactoe-minimax-first.json', 'tictactoe-random-first.json'].map((f) => read<MatchReport>(f)));
    const retrained = { ...b, model_fingerprints: { ...b.model_fingerprints, player: '0123456789abcdef' } };
    expect(tictactoeMeasured([a, a], [b, b], [a, b])).not.toBeNull();
    expect(tictactoeMeasured([a, a], [b, b], [b, retrained])).toBeNull();
    expect(connect4Measured([a, a], [a, a], { fromEmpty: [a, a], fromOpenings: [a, a] }, { fromEmpty: [a, a], fromOpenings: [a, a] })).not.toBeNull();
    expect(connect4Measured([a, a], [a, a], { fromEmpty: [a, a], fromOpenings: [a, a] }, { fromEmpty: [a, a], fromOpenings: [retrained, a] })).toBeNull();
  });

  it('docs/results.md\'s table carries every game report\'s counts', async () => {
    const readme = await readFile(new URL('../../docs/results.md', import.meta.url), 'utf8');
    const label: Record<string, string> = { random: 'random', tactical: 'tactical', minimax: 'minimax', alphabeta2: '2-ply alpha-beta', alphabeta4: '4-ply alpha-beta' };
    const after = (plies: number) => (plies > 0 ? ` after ${plies} random plies` : '');
    const wdl = (r: { wins: number; draws: number; losses: number }) => `${r.wins}/${r.draws}/${r.losses}`;
    for (const file of (await readdir(RESULTS)).filter((f) => /^(tictactoe|connect4)-.*\.json$/.test(f))) {
      const r = await read<MatchReport & { game: string; opponent: string; as: string; ablation: MatchReport; heuristic_alone: MatchReport; labels: MatchReport }>(file);
      const game = r.game === 'connect4' ? 'connect four' : 'tic-tac-toe';
      const row = readme.split('\n').find((line) => line.startsWith(`| ${game} vs ${label[r.opponent]}${after(r.opening)}, first / second |`));
      expect(row, file).toBeDefined();
      const cells = row!.split('|').map((c) => c.trim());
      const side = r.as === 'first' ? 0 : 1;
      expect(cells[2].split(', ')[side], `${file} organelles`).toBe(wdl(r));
      expect(cells[3].split(', ')[side], `${file} different games`).toBe(grouped(r.distinct_games));
      expect(cells[5].split(', ')[side], `${file} heuristic Planner`).toBe(wdl(r.ablation));
      expect(cells[6].split(', ')[side], `${file} no models`).toBe(wdl(r.heuristic_alone));
      expect(cells[7].split(', ')[side], `${file} labels`).toBe(wdl(r.labels));
    }
  });
  it("the README's headline table quotes the reports the home page quotes", async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const row = (pipeline: string) => {
      const line = readme.split('\n').find((l) => l.startsWith(`| ${pipeline} |`));
      expect(line, pipeline).toBeDefined();
      return line!;
    };
    type Pair = [MatchReport, MatchReport];
    const pair = async (name: string): Promise<Pair> =>
      [await read<MatchReport>(`${name}-first.json`), await read<MatchReport>(`${name}-second.json`)];
    const total = (p: Pair, key: 'games' | 'wins' | 'draws' | 'losses') => grouped(p[0][key] + p[1][key]);

    const puzzle = await read<PuzzleReport>('puzzle8-random1000.json');
    const puzzleRow = row('8-puzzle');
    expect(puzzleRow).toContain(`${grouped(puzzle.boards)} random boards held out of training`);
    expect(puzzleRow).toContain(`solved ${grouped(puzzle.solved)}, in ${percent(puzzle.mean_moves_over_optimal - 1)} more moves`);
    expect(puzzleRow).toContain(`without the Planner, ${grouped(puzzle.ablation!.solved)}`);
    expect(puzzleRow).toContain(`${percent(puzzle.model_move_share)} of the moves the Mover's own`);

    const [minimax, random] = await Promise.all([pair('tictactoe-minimax'), pair('tictactoe-random')]);
    const tictactoeRow = row('tic-tac-toe');
    expect(minimax.every((r) => r.draws === r.games), 'every game against minimax drawn').toBe(true);
    expect(tictactoeRow).toContain(`drew all ${total(minimax, 'games')} against minimax`);
    expect(tictactoeRow).toContain(`won ${grouped(random[0].wins)} moving first and ${grouped(random[1].wins)} moving second, lost ${total(random, 'losses')}`);

    const [tactical, openings] = await Promise.all([pair('connect4-tactical'), pair('connect4-alphabeta2-opening4')]);
    const connect4Row = row('connect four');
    expect(connect4Row).toContain(`after ${openings[0].opening} random opening moves`);
    expect(connect4Row).toContain(`won ${grouped(tactical[0].wins)} moving first and ${grouped(tactical[1].wins)} moving second, lost ${total(tactical, 'losses')}`);
    expect(connect4Row).toContain(`won ${total(openings, 'wins')} of ${total(openings, 'games')} and lost ${total(openings, 'losses')}`);
    for (const r of [...minimax, ...random, ...tactical, ...openings]) expect(r.games).toBe(1000); // "1,000 games a side"

    // code composition: each held-out set's share, as a whole percent, from reports of the shipped models
    type ComposeRow = { set: string; intents: number; passed: number; refused: number; wrong_code: number; models: Record<string, string> };
    const composeRow = row('code composition');
    const sets = ['wording', 'template', 'composition', 'perturbed', 'oov'] as const;
    const reports = await Promise.all(sets.map((set) => read<ComposeRow>(`compose-${set}.json`)));
    for (const r of reports) {
      for (const role of ['planner', 'wiring', 'code']) expect(r.models[role], `${r.set} ${role}`).toBe(await shippedFingerprint('compose', role));
    }
    const share = (k: number, n: number) => `${Math.round((100 * k) / n)}%`;
    const [wording, template, composition, perturbed, oov] = reports;
    expect(composeRow).toContain(`${grouped(reports.reduce((a, r) => a + r.intents, 0))} generated intents held out of every corpus`);
    expect(composeRow).toContain(
      `passed ${share(wording.passed, wording.intents)} of new sentences, ${share(template.passed, template.intents)} of new templates, ` +
        `${share(composition.passed, composition.intents)} of new pairs, ${share(perturbed.passed, perturbed.intents)} of slipped sentences; ` +
        `refused ${share(oov.refused, oov.intents)} of unknown concepts`,
    );
    const worst = Math.max(...reports.map((r) => r.wrong_code / r.intents));
    expect(composeRow).toContain(`wrong code on at most ${(100 * worst).toFixed(1)}% of a set`);

    // and the intents typed by hand (docs/intents/, the files the reports measure), with the keyword baseline's share
    type Counts = { intents: number; passed: number };
    type TypedRow = ComposeRow & { baselines: { keyword: { passed: number } }; by_kind: { clean: Counts; unknown: Counts } };
    const typed = await Promise.all(TYPED_FILES.map((name) => read<TypedRow>(`compose-${name}.json`)));
    for (const r of typed) for (const role of ['planner', 'wiring', 'code']) expect(r.models[role], `${r.set} ${role}`).toBe(await shippedFingerprint('compose', role));
    const list = (items: string[]) => `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
    const files = `${numberWord(typed.length)} files`;
    expect(composeRow).toContain(`and ${grouped(typed.reduce((a, r) => a + r.intents, 0))} sentences typed by hand in ${files}`);
    expect(composeRow).toContain(
      `passed ${list(typed.map((r) => share(r.passed, r.intents)))} of its ${files} ` +
        `(keyword baseline ${list(typed.map((r) => share(r.baselines.keyword.passed, r.intents)))}), ` +
        `with wrong code on at most ${(100 * Math.max(...typed.map((r) => r.wrong_code / r.intents))).toFixed(1)}% of a file`,
    );
    // the files measured once before anyone read them, by kind: in-library intents composed, requests the library cannot do refused
    const blind = typed.filter((r) => (BLIND_FILES as readonly string[]).includes(r.set));
    expect(blind.map((r) => r.set)).toEqual([...BLIND_FILES]);
    expect(composeRow).toContain(
      `compose ${list(blind.map((r) => `${r.by_kind.clean.passed} of ${r.by_kind.clean.intents}`))} of the intents the library can do, and refuse ` +
        `${list(blind.map((r) => `${r.by_kind.unknown.passed} of ${r.by_kind.unknown.intents}`))} of those it cannot`,
    );
  });
});

/** `n` (0-99) in words, as the README writes a count of files: "thirty-nine". */
function numberWord(n: number): string {
  const small = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
  const tens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
  if (n < 20) return small[n];
  return n % 10 === 0 ? tens[n / 10] : `${tens[Math.floor(n / 10)]}-${small[n % 10]}`;
}

// worker/compose/language/alignment.ts, from the Readers' Planner corpus as their recipes build it.
import { createHash } from 'node:crypto';
import { buildComposeCorpus, READER_COMPOSE_CORPUS } from '../compose.ts';
import { alignmentEvidence, evidenceSource, trainAlignment } from '../compose-alignment.ts';
import { ALIGNED_SAID } from '../../worker/compose/aligned.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';

/** `dataNouns`: the data nouns the corpus draws (language/data-nouns.ts's, unless the lexicon command has just built them anew). */
export function readerAlignmentSource(dataNouns: readonly string[] = READER_COMPOSE_CORPUS.dataNouns ?? []): { source: string; pairs: number } {
  const corpus = buildComposeCorpus(COMPOSE_LIBRARY, { ...READER_COMPOSE_CORPUS, dataNouns }).planner;
  const evidence = alignmentEvidence(trainAlignment(corpus), ALIGNED_SAID);
  const sha = createHash('sha256').update(corpus).digest('hex');
  return { source: evidenceSource(evidence, sha), pairs: [...evidence.steps.values()].reduce((n, w) => n + w.size, 0) };
}

import { WordNet } from './corpus/lexicon/wordnet.ts';
import { buildLexicon } from './corpus/lexicon/build.ts';
for (const f of buildLexicon(new WordNet())) console.log(f.id, f.members.join(', '), '| hand:', f.from.hand.join(','));

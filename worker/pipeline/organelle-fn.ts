// Turns a trained organelle into the orchestrator's prompt -> completion function. A first
// attempt answers greedily (or with the configured votes); a retry samples an ensemble,
// since a greedy model would only repeat the answer that was just refused.
import type { Organelle as TrainedOrganelle } from '../organelle.ts';
import type { Organelle as OrganelleFn, Completion } from '../orchestrator/types.ts';

export interface OrganelleFnOptions {
  votes?: number; // votes on a first attempt (default 1: greedy)
  retryVotes?: number; // votes on a retry (default 3, sampled)
  maxNew?: number;
}

export function organelleFn(o: TrainedOrganelle, options: OrganelleFnOptions = {}): OrganelleFn {
  const votes = options.votes ?? 1;
  const retryVotes = options.retryVotes ?? 3;
  return (prompt: string, attempt = 1): Completion => {
    const c = o.complete(prompt, { votes: attempt > 1 ? retryVotes : votes, maxNew: options.maxNew ?? 8 });
    return { text: c.text, confidence: c.confidence, ...(c.votes.length > 1 ? { votes: c.votes } : {}) };
  };
}

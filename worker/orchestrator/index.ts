// The game-independent orchestrator: kanban state, cycle guard, typed events, validated
// planning and the puzzle loop. Games plug in through PuzzleAdapter.

export * from './types.ts';
export * from './kanban.ts';
export * from './cycle.ts';
export * from './events.ts';
export * from './planner.ts';
export * from './judge.ts';
export * from './loop.ts';

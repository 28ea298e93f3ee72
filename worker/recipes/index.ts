// Registers every game's organelle recipes and their after-training evaluators (side-effect
// imports), then re-exports the registry.
import './puzzle8.ts';
import './tictactoe.ts';
import './connect4.ts';
import './compose.ts';
import './game-evaluators.ts';
import './compose-evaluators.ts';

export * from './registry.ts';

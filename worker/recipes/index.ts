// Registers every game's organelle recipes (side-effect imports), then re-exports the registry.
import './puzzle8.ts';
import './tictactoe.ts';
import './connect4.ts';

export * from './registry.ts';

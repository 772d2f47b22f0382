/**
 * The computer players: three levels (easy, normal, hard) that choose among the engine's legal
 * actions and look ahead with `step`, a random seat, and a driver that plays whole games.
 */
export { Bot, createBot, type BotOptions, type Player } from './bot.js';
export { LEVELS, LEVEL_DEFAULTS, isLevel, type Level } from './levels.js';
export { RandomSeat } from './random-seat.js';
export { playBotGame, askOrder, IllegalEntryError, type BotGame, type BotGameOptions } from './game.js';
export { viewFor } from './view.js';
export { evaluate, DEFAULT_WEIGHTS, type Weights } from './evaluate.js';
export { standInChoice, standInView, STAND_IN_LEVEL, STAND_IN_NODE_BUDGET } from './stand-in.js';

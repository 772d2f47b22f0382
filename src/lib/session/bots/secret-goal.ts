/**
 * A bot's secret goal at a table (UFOs, every seat under Hidden Illuminati: docs/bots.md, "Where
 * players meet them"). The bot in src/lib/bots keeps the goal and its salt in memory: a reload of
 * the driving device, or another device taking the bot over, would forget them, and the bot could
 * never reveal the goal it committed to. So the table's bots commit and reveal through this module,
 * from a salt derived from the bot's own secret (for a seated bot, its 32-byte seed, held by its
 * device and sealed to every holder of a box; docs/protocol.md, "Computer players"):
 *
 *   salt = SHA-256(["fnord-bot-goal", secret, game, seat]) (first 32 hex digits)
 *
 * and the goal drawn at random with a chooser seeded by that salt, among all seven choices
 * (`ufoGoalChoices`), each weighted by how near it is to being met in the bot's view
 * (bots/secrets.ts `secretGoalWeights`, from bots/progress.ts `goalProgress`, 0..1): weight GOAL_WEIGHT_BASE + round(GOAL_WEIGHT_NEAR ×
 * progress). Nearer goals are favoured, but the public state does not decide the goal: a seatless
 * observer who computes the same weights can do no better than name the heaviest, right at most
 * (base + near) / (7 × base + near) of the time (40% when one goal is met and the others are not
 * begun; about one in seven when all are alike). (Red team, issue 15: the goal used to be the
 * nearest one, the salt breaking ties only, so anyone named it.) Whoever drives the bot later (this
 * device after a reload, or a holder that took it over and opened its box of the seed) derives the
 * same salt and finds the goal by trying each of the seven choices against the commitment in the
 * state (`recoverGoal`; the draw itself need not be repeated). Nobody else can: the salt is as
 * secret as the bot's seed (a bot is table property: every holder of a box could read its goal, as
 * they could play it).
 *
 * The bot's search hears the goal chosen here: the driving device finds it from the commitment
 * (`recoverGoal`) and sends it with each question (driver.ts, thinker.ts `secretGoal`), so the bot
 * steers for it as well as for its basic goal, and its undo answers weigh it (undo-answer.ts).
 */
import { Chooser } from '../../bots/random-player.js';
import { claim, drawGoal, secretGoalWeights } from '../../bots/secrets.js';
import { viewFor } from '../../bots/index.js';
import { canonicalJson, goalCommitment, sha256Hex, type CardId, type GameState, type PlayerAction, type Seat } from '../../engine/index.js';
import { ufoGoalChoices } from '../../engine/victory.js';

/** The salt of the bot at `seat`'s secret goal, from its secret (hex digits). */
export function goalSalt(secret: string, game: string, seat: Seat): string {
	return sha256Hex(canonicalJson(['fnord-bot-goal', secret, game, seat])).slice(0, 32);
}

/** Each choice's weight for the bot at `seat` in `state` (its own view): whole numbers, nearer goals heavier. */
export function goalWeights(state: GameState, seat: Seat): { goal: CardId; weight: number }[] {
	return secretGoalWeights(viewFor(state, seat), seat);
}

/** The secret goal of the bot at `seat`: a draw among the weighted choices, by a chooser only the salt's holder can seed. */
export function chooseGoal(state: GameState, seat: Seat, salt: string): CardId {
	return drawGoal(goalWeights(state, seat), new Chooser(`bot-goal-choice:${salt}`));
}

/** The goal `seat` committed to with `salt`, or null (no commitment, or one made with another salt). */
export function recoverGoal(state: GameState, seat: Seat, salt: string): { goal: CardId; salt: string } | null {
	const commitment = state.players[seat]?.goalCommitment ?? null;
	if (commitment === null) return null;
	const goal = ufoGoalChoices().find((choice) => goalCommitment(choice, salt) === commitment);
	return goal === undefined ? null : { goal, salt };
}

/**
 * The bot's entry when the game asks for its secret goal: its commitment, or in a claim window
 * its reveal (when the goal is met) or its decline. Null otherwise, and in a claim window whose
 * commitment this salt did not make (the bot's own memory answers then).
 */
export function secretGoalAnswer(state: GameState, seat: Seat, salt: string): PlayerAction | null {
	const phase = state.phase;
	if (phase.kind === 'ufoGoal' && phase.seat === seat) {
		return { type: 'commitGoal', seat, commitment: goalCommitment(chooseGoal(state, seat, salt), salt) };
	}
	if (phase.kind === 'ufoClaim' && phase.seats.includes(seat)) {
		const secret = recoverGoal(state, seat, salt);
		return secret === null ? null : claim(state, seat, secret);
	}
	return null;
}

/**
 * What followed from an entry, found by comparing the states before and after it (never by
 * re-running a rule): a Special card's chain resolving, a changed roll, an attack's result,
 * income, eliminations and absences, a new turn, a claim window, and the end of the game.
 */
import { basicGoal, chainOutcome, meetsSpecialGoal, totalMoney, type GameState, type Seat } from '../../engine/index.js';
import { illuminatiCard } from '../../engine/cards/index.js';
import type { Words } from './context.js';
import { goalText } from '../cards/abilities.js';

type AttackPhase = Extract<GameState['phase'], { kind: 'attack' | 'afterRoll' }>;

function attackPhase(state: GameState): AttackPhase | null {
	return state.phase.kind === 'attack' || state.phase.kind === 'afterRoll' ? state.phase : null;
}

function chainLines(w: Words): string[] {
	const chain = w.before.chain;
	if (chain === null || w.after.chain !== null) return [];
	// Each card played for its own effect (a Whispering Campaign and the privilege discarded with it
	// share one window), not the answers to them.
	const { effective } = chainOutcome(chain.plays);
	return chain.plays.flatMap((play, i) =>
		play.effect.kind === 'cancel' || play.effect.kind === 'replace' ? [] : [w.say(effective[i] ? 'chain.effect' : 'chain.cancelled', { cards: w.cardList(play.cards), count: play.cards.length })],
	);
}

function rollChangeLines(w: Words): string[] {
	const before = attackPhase(w.before)?.attack.roll;
	const after = attackPhase(w.after)?.attack.roll;
	if (!before || !after || (before[0] === after[0] && before[1] === after[1])) return [];
	return [w.say('roll.changed', { roll: w.roll(after) })];
}

/** "The CIA, aided by the KGB, attacks to control the Yuppies: needs 7, rolled 5 — failure." */
function attackResultLines(w: Words): string[] {
	const last = w.after.lastAttack;
	if (attackPhase(w.before) === null || attackPhase(w.after) !== null || last === null || last.roll === null) return [];
	if (JSON.stringify(last) === JSON.stringify(w.before.lastAttack)) return [];
	const params = {
		...w.group('attacker', last.attacker),
		...w.group('target', last.target),
		aids: w.cardList(last.aids),
		count: last.aids.length,
		needed: last.needed,
		roll: w.roll(last.roll),
		outcome: last.success ? 'success' : 'failure',
	};
	const lines = [w.say(`result.${last.kind}`, params)];
	if (last.success) {
		const kind = last.whispering ? 'destroy' : last.kind;
		lines.push(w.say(`outcome.${kind}`, { ...w.card('target', last.target), ...w.player('who', last.seat) }));
	}
	return lines;
}

/** Income is collected when the turn-start window closes on the same turn. */
function incomeLines(w: Words): string[] {
	const { before, after } = w;
	if (before.phase.kind !== 'turnStart' || after.phase.kind === 'turnStart' || before.turnCount !== after.turnCount) return [];
	const seat = before.turn?.seat;
	if (seat === undefined) return [];
	const lines: string[] = [];
	for (const player of after.players) {
		const delta = totalMoney(player) - totalMoney(before.players[player.seat]!);
		if (player.seat === seat) lines.unshift(w.say('income', { ...w.player('who', seat), amount: delta }));
		else if (delta < 0) lines.push(w.say('income.paid', { ...w.player('who', player.seat), amount: -delta }));
	}
	return lines;
}

function seatLines(w: Words, actor: Seat | null): string[] {
	const lines: string[] = [];
	for (const player of w.after.players) {
		const before = w.before.players[player.seat]!;
		if (!before.eliminated && player.eliminated && player.seat !== actor) {
			lines.push(w.say(player.left ? 'left' : 'eliminated', w.player('who', player.seat)));
		}
		if (!before.absent && player.absent) lines.push(w.say('absent', w.player('who', player.seat)));
	}
	return lines;
}

function turnLines(w: Words): string[] {
	const { before, after } = w;
	const lines: string[] = [];
	if (after.phase.kind === 'ufoClaim' && before.phase.kind !== 'ufoClaim') lines.push(...after.phase.seats.map((seat) => w.say('claimWindow', w.player('who', seat))));
	if (after.phase.kind === 'ufoGoal' && (before.phase.kind !== 'ufoGoal' || before.phase.seat !== after.phase.seat)) {
		lines.push(w.say('chooseGoal', w.player('who', after.phase.seat)));
	}
	if (after.turnCount > before.turnCount && after.turn !== null && after.phase.kind !== 'over') {
		lines.push(w.say('turn', { ...w.player('who', after.turn.seat), number: after.turnCount }));
	}
	return lines;
}

/** FR add-on: the turn the Illuminated Post Office's named player lost. */
function skippedLines(w: Words): string[] {
	const named = w.before.illuminated?.skip ?? null;
	if (named === null || w.after.illuminated?.skip === named) return [];
	return [w.say('turnSkipped', w.player('who', named))];
}

/** The goal a winner met, in words. */
function winLine(w: Words, seat: Seat): string {
	const state = w.after;
	const player = state.players[seat]!;
	const who = w.player('who', seat);
	if (state.players.filter((p) => !p.eliminated).length === 1) return w.say('win.last', who);
	if (state.options.rules.veryLongGame) return w.say('win.points', who);
	const groups = Object.keys(player.structure).length;
	if (groups >= basicGoal(state)) return w.say('win.basic', { ...who, count: groups, goal: basicGoal(state) });
	const goalCard = player.revealedGoal ?? player.illuminati;
	if (goalCard !== null && meetsSpecialGoal(state, player, illuminatiCard(goalCard).goal)) {
		return w.say('win.special', { ...who, goal: goalText(goalCard, w.locale) });
	}
	return w.say('win.plain', who);
}

function endLines(w: Words): string[] {
	if (w.before.phase.kind === 'over' || w.after.phase.kind !== 'over') return [];
	if (w.after.winners.length === 0) return [w.say('win.none')];
	return w.after.winners.map((seat) => winLine(w, seat));
}

export function eventLines(w: Words, actor: Seat | null): string[] {
	return [...chainLines(w), ...rollChangeLines(w), ...attackResultLines(w), ...incomeLines(w), ...seatLines(w, actor), ...skippedLines(w), ...turnLines(w), ...endLines(w)];
}

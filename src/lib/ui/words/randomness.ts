/**
 * Random and sandbox-fixed entries: what the engine asked for (before.random) and what came out,
 * read from the state after (dealt Illuminati, laid-out and drawn cards, the attack dice).
 */
import { CARDS } from '../../engine/cards/index.js';
import type { FixedAction, RandomAction } from '../../engine/index.js';
import type { Words } from './context.js';

export function randomLines(w: Words, action: RandomAction | FixedAction): string[] {
	const request = w.before.random;
	if (request === null) return [w.say('random.none')];
	switch (request.kind) {
		case 'illuminati':
			return w.after.players.map((p) => w.say('random.illuminati', { seat: p.seat + 1, ...w.card('ill', p.illuminati ?? '') }));
		case 'layout': {
			const laid = w.after.uncontrolled.filter((id) => !w.before.uncontrolled.includes(id));
			return [w.say('random.layout', { count: laid.length, groups: w.cardList(laid) })];
		}
		case 'firstPlayer': {
			const lines: string[] = [];
			if (action.type === 'fixed' && action.dice) {
				const rolls = request.seats.map((seat, i) => w.say('random.seatRoll', { ...w.player('who', seat), roll: w.roll(action.dice![i] ?? [0, 0]) }));
				lines.push(w.say('random.firstRolls', { rolls: w.list(rolls) }));
			}
			const again = w.after.random?.kind === 'firstPlayer' ? w.after.random.seats : null;
			if (again !== null) lines.push(w.say('random.firstTie', { players: w.list(again.map((s) => w.player('p', s).p!)) }));
			else if (w.after.firstSeat !== null) lines.push(w.say('random.first', w.player('who', w.after.firstSeat)));
			return lines;
		}
		case 'draw': {
			const drawn = w.before.deck.filter((id) => !w.after.deck.includes(id));
			if (drawn.length === 0) return [w.say('random.drawNothing', w.player('who', request.seat))];
			return drawn.map((id) =>
				CARDS[id]?.kind === 'special'
					? w.say('random.drawSpecial', { ...w.player('who', request.seat), card: w.specials([id], request.seat) })
					: w.say('random.drawGroup', { ...w.player('who', request.seat), ...w.card('card', id) }),
			);
		}
		case 'targets': {
			const drawn = w.before.deck.filter((id) => !w.after.deck.includes(id));
			return drawn.map((id) => (CARDS[id]?.kind === 'special' ? w.say('random.targetSpecial', { card: w.cardName(id) }) : w.say('random.targetGroup', w.card('card', id))));
		}
		case 'attackRoll': {
			const phase = w.after.phase;
			const dice = phase.kind === 'afterRoll' ? phase.attack.roll : (w.after.lastAttack?.roll ?? null);
			return dice === null ? [w.say('random.none')] : [w.say('random.attackRoll', { roll: w.roll(dice) })];
		}
	}
}

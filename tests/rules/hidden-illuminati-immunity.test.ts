/**
 * Hidden Illuminati (ES "Illuminati ocultos", FR "Illuminati dissimulés") and the Discordian
 * Society's immunity (About the Illuminati: no Straight or Government group may attack its power
 * structure or aid an attack on it). Face down the ability is not used; the Discordians claim it by
 * revealing their card in the window of an attack on their structure, before the dice, and the
 * attack, illegal once the card is face up, is cancelled: as if never declared while no money was
 * spent on it (Calling Off an Attack), made and failed without a roll once money was spent
 * (docs/rules-differences.md, "Immunity claimed in the attack's window").
 */
import { describe, expect, it } from 'vitest';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf, illuminatiViewFor, isFaceUp } from '../../src/lib/engine/hidden-illuminati.js';
import { revealAsked } from '../../src/lib/engine/hidden-illuminati-reveal.js';
import { legalActions, step, type Action, type CardId, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { expectRefused, expectSound, moneyOf, play, scenario } from '../helpers/scenario.js';

/** Seat 0 the Bavarians (CIA: Government; Multinational Oil: neither), seat 1 `seat1` with the Republicans, face down. */
function table(seat1: CardId = 'discordian-society'): GameState {
	return scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'cia', side: 1, money: 3 }, { card: 'multinational-oil-companies', side: 2, money: 2 }] },
			{ illuminati: seat1, money: 10, groups: [{ card: 'republicans', side: 1, money: 2 }] },
			{ illuminati: 'gnomes-of-zurich', money: 10 },
		],
		rules: { hiddenIlluminati: true },
	});
}

const attack = (attacker: CardId, aids: CardId[] = []): Action => ({ type: 'attack', seat: 0, kind: 'control', attacker, target: 'republicans', aids });
const reveal = (seat: Seat): Action => ({ type: 'revealIlluminati', seat });
const offered = (state: GameState, seat: Seat): boolean => legalActions(state, seat).some((l) => l.action.type === 'revealIlluminati');

describe('Hidden Illuminati: the Discordians face down claim their immunity by revealing in the attack’s window', () => {
	it('face down, the immunity is not used: a Government group may declare the attack (nothing tells the attacker who they are)', () => {
		const declared = play(table(), attack('cia'));
		expect(declared.phase.kind).toBe('attack');
		expect(isFaceUp(declared, 1)).toBe(false);
	});

	it('the defender is offered the reveal when its card bars the attack; revealing cancels it as never declared: the action and the CIA’s participation come back', () => {
		const before = table();
		const declared = play(before, attack('cia'));
		expect(offered(declared, 1)).toBe(true);
		expect(offered(declared, 2)).toBe(false);
		const revealed = play(declared, reveal(1));
		expect(isFaceUp(revealed, 1)).toBe(true);
		expect(revealed.phase.kind).toBe('turn');
		expect(revealed.turn!.actionsLeft).toBe(before.turn!.actionsLeft);
		expect(revealed.turn!.participated['cia'] ?? 0).toBe(0);
		expect(revealed.turn!.acted).toBe(before.turn!.acted);
		expectSound(revealed);
		// Face up, the immunity applies at the declaration.
		expectRefused(revealed, attack('cia'), 'IMMUNE');
	});

	it('a Government aid makes the attack illegal too: the reveal is offered and cancels it', () => {
		const declared = play(table(), attack('multinational-oil-companies', ['cia']));
		expect(offered(declared, 1)).toBe(true);
		expect(play(declared, reveal(1)).phase.kind).toBe('turn');
	});

	it('once money was spent on the attack, it was made: revealing ends it without a roll, the action stays spent and the money stays with the bank', () => {
		const declared = play(table(), attack('cia'));
		const spent = play(declared, { type: 'spend', seat: 0, from: 'cia', amount: 2 });
		const revealed = play(spent, reveal(1));
		expect(revealed.phase.kind).toBe('turn');
		expect(revealed.random).toBeNull();
		expect(revealed.turn!.actionsLeft).toBe(declared.turn!.actionsLeft);
		expect(moneyOf(revealed, 0, 'cia')).toBe(1);
		expect(revealed.players[1]!.structure['republicans']).toBeDefined();
		expectSound(revealed);
	});

	it('an attack the card does not bar goes on: no reveal is offered against a group of another alignment, and one made anyway changes nothing but the card', () => {
		const declared = play(table(), attack('multinational-oil-companies'));
		expect(offered(declared, 1)).toBe(false);
		const revealed = play(declared, reveal(1));
		expect(isFaceUp(revealed, 1)).toBe(true);
		expect(revealed.phase).toEqual(declared.phase);
	});

	it('another Illuminati has no immunity: the Network is not offered the reveal, and the attack stays after it', () => {
		const declared = play(table('network'), attack('cia'));
		expect(offered(declared, 1)).toBe(false);
		expect(play(declared, reveal(1)).phase.kind).toBe('attack');
	});

	it('only the defender reveals in the window, and only before the dice', () => {
		const declared = play(table(), attack('cia'));
		expectRefused(declared, reveal(2), 'WRONG_PHASE');
		expectRefused(declared, reveal(0), 'WRONG_PHASE');
		let rolled = declared;
		for (const seat of [0, 1, 2]) if (rolled.random === null) rolled = play(rolled, { type: 'passSpending', seat });
		expect(rolled.random?.kind).toBe('attackRoll');
		expect(step(rolled, reveal(1)).ok).toBe(false);
	});
});

/** The same table under the secret deal: seat 1 plays the Discordians' face-down stand-in. */
function secretTable(): GameState {
	const coin = table();
	const stand = faceDownId(1);
	const renamed = JSON.parse(JSON.stringify({ ...coin, options: undefined }).split('"discordian-society"').join(JSON.stringify(stand))) as GameState;
	// As after the masked deal: the card dealt face down is among those out of play, as far as the table knows.
	return { ...renamed, outOfPlay: [...renamed.outOfPlay, 'discordian-society'], options: { ...coin.options, secretDeck: true }, hiddenIlluminati: { ...hiddenIlluminatiOf(coin), pending: null, claims: [], started: [0, 1, 2] } };
}

describe('Hidden Illuminati, secret deal: the reveal in the attack’s window is answered by the device’s proof', () => {
	it('the seat’s own view lists the reveal; the attack waits for the proof (no one spends or passes); the card shown cancels it', () => {
		const declared = play(secretTable(), attack('cia'));
		// The public state does not know the card: only the seat's view (its own card) lists the reveal.
		expect(offered(declared, 1)).toBe(false);
		expect(offered(illuminatiViewFor(declared, 1, 'discordian-society'), 1)).toBe(true);
		const asked = play(declared, reveal(1));
		expect(revealAsked(asked, 1)).toBe(true);
		expect(asked.phase.kind).toBe('attack');
		for (const seat of [0, 1, 2]) {
			expectRefused(asked, { type: 'passSpending', seat }, 'WRONG_PHASE');
			expect(legalActions(asked, seat).map((l) => l.action.type).filter((type) => ['passSpending', 'spend', 'callOff'].includes(type))).toEqual([]);
		}
		const shown = step(asked, { type: 'showIlluminati', seat: 1, card: 'discordian-society' } as unknown as Action);
		if (!shown.ok) throw new Error(shown.error.message);
		expect(isFaceUp(shown.state, 1)).toBe(true);
		expect(shown.state.phase.kind).toBe('turn');
		expect(shown.state.turn!.actionsLeft).toBe(declared.turn!.actionsLeft + 1);
	});

	it('a defender absent holds nothing: the table plays on', () => {
		const asked = play(play(secretTable(), attack('cia')), reveal(1));
		const away = { ...asked, players: asked.players.map((p) => (p.seat === 1 ? { ...p, absent: true } : p)) };
		expect(step(away, { type: 'passSpending', seat: 0 }).ok).toBe(true);
	});
});

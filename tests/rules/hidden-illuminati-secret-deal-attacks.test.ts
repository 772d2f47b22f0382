/**
 * Hidden Illuminati under the secret deal (ES "Illuminati ocultos", FR "Illuminati dissimulés"):
 * a face-down Illuminati plays with the Power its player stated, so it attacks and aids like the
 * card it is, though the public state holds only its stand-in (Power 0).
 */
import { describe, expect, it } from 'vitest';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf } from '../../src/lib/engine/hidden-illuminati.js';
import { legalActions, type Action, type GameState } from '../../src/lib/engine/index.js';
import { expectRefused, play, scenario } from '../helpers/scenario.js';

/** Seat 0, to play, holds the Bavarians face down (as a stand-in) with `stated` Power, and the CIA. */
function secretTable(stated: number | null): GameState {
	const coin = scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'cia', side: 1, money: 3 }] },
			{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'republicans', side: 1, money: 2 }] },
			{ illuminati: 'network', money: 10 },
		],
		rules: { hiddenIlluminati: true },
	});
	const stand = faceDownId(0);
	const renamed = JSON.parse(JSON.stringify({ ...coin, options: undefined }).split('"bavarian-illuminati"').join(JSON.stringify(stand))) as GameState;
	const hidden = hiddenIlluminatiOf(coin);
	const statedNow = stated === null ? hidden.stated : { ...hidden.stated, 0: { power: stated, income: 9 } };
	return { ...renamed, outOfPlay: [...renamed.outOfPlay, 'bavarian-illuminati'], options: { ...coin.options, secretDeck: true }, hiddenIlluminati: { ...hidden, pending: null, claims: [], started: [0, 1, 2], stated: statedNow } };
}

const attackWith = (attacker: string, aids: string[] = []): Action => ({ type: 'attack', seat: 0, kind: 'control', attacker, target: 'republicans', aids });
const attacksBy = (state: GameState, card: string) => legalActions(state, 0).filter((l) => l.action.type === 'attack' && l.action.attacker === card);
const aidsBy = (state: GameState, card: string) => legalActions(state, 0).filter((l) => l.action.type === 'attack' && (l.aidCandidates ?? []).includes(card));

describe('Hidden Illuminati, secret deal: a face-down Illuminati attacks and aids with its stated Power', () => {
	it('the stand-in attacks: legalActions lists its attacks and the declaration is accepted', () => {
		const state = secretTable(10);
		expect(attacksBy(state, faceDownId(0)).length).toBeGreaterThan(0);
		expect(play(state, attackWith(faceDownId(0))).phase.kind).toBe('attack');
	});

	it('the stand-in aids another group’s attack', () => {
		const state = secretTable(10);
		expect(aidsBy(state, faceDownId(0)).length).toBeGreaterThan(0);
		expect(play(state, attackWith('cia', [faceDownId(0)])).phase.kind).toBe('attack');
	});

	it('a stated Power of 0 attacks with nothing: refused as NO_POWER, and no aid by it is listed', () => {
		const state = secretTable(0);
		expect(attacksBy(state, faceDownId(0))).toEqual([]);
		expect(aidsBy(state, faceDownId(0))).toEqual([]);
		expectRefused(state, attackWith(faceDownId(0)), 'NO_POWER');
	});
});

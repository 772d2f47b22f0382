/**
 * Hidden Illuminati: a bot playing the face-down Discordians, attacked by a Government group, reveals
 * its card in the attack's window to claim the immunity (bots/hidden-illuminati.ts `immunityReveal`),
 * with the coin's deal (its view knows its own card) and under the secret deal (its device's
 * knowledge of its own card); a bot whose card has no immunity passes or spends as before.
 */
import { describe, expect, it } from 'vitest';
import { Bot } from '../../src/lib/bots/bot.js';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf, OWN_ILLUMINATI } from '../../src/lib/engine/hidden-illuminati.js';
import type { CardId, GameState } from '../../src/lib/engine/index.js';
import { play, scenario } from '../helpers/scenario.js';

function attacked(defender: CardId): GameState {
	const state = scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'cia', side: 1, money: 3 }] },
			{ illuminati: defender, money: 10, groups: [{ card: 'republicans', side: 1, money: 2 }] },
			{ illuminati: 'gnomes-of-zurich', money: 10 },
		],
		rules: { hiddenIlluminati: true },
	});
	return play(state, { type: 'attack', seat: 0, kind: 'control', attacker: 'cia', target: 'republicans', aids: [] });
}

describe('Bots and the Discordians’ immunity face down', () => {
	it('coin deal: the Discordians’ bot reveals in the window; the Network’s does not', () => {
		expect(new Bot({ level: 'easy', seed: 'immunity' }).decide(attacked('discordian-society'), 1)).toEqual({ type: 'revealIlluminati', seat: 1 });
		expect(new Bot({ level: 'easy', seed: 'immunity' }).decide(attacked('network'), 1)?.type).not.toBe('revealIlluminati');
	});

	it('secret deal: the bot knows its own card from its device and asks to reveal it', () => {
		const coin = attacked('discordian-society');
		const renamed = JSON.parse(JSON.stringify({ ...coin, options: undefined }).split('"discordian-society"').join(JSON.stringify(faceDownId(1)))) as GameState;
		const secret: GameState = { ...renamed, options: { ...coin.options, secretDeck: true }, hiddenIlluminati: { ...hiddenIlluminatiOf(coin), pending: null, claims: [], started: [0, 1, 2] } };
		const bot = new Bot({ level: 'easy', seed: 'immunity', knowledge: (seat): Record<number, string> => (seat === 1 ? { [OWN_ILLUMINATI]: 'discordian-society' } : {}) });
		expect(bot.decide(secret, 1)).toEqual({ type: 'revealIlluminati', seat: 1 });
	});
});

/**
 * Invariants of the FR add-on's illuminated groups, checked by the fuzz after every step (none
 * apply to a game without them): a played illuminated group's card is out of play; the Post Office
 * never names the same player twice in a row, nor itself, and only a seat of the game; the Phone
 * Company's look shows the hand as it is, to the viewer only.
 */
import { illuminatiCard, isIlluminated } from '../../src/lib/engine/cards/index.js';
import type { Action, GameState } from '../../src/lib/engine/index.js';

export function illuminatedProblems(before: GameState | null, state: GameState, entry: Action): string[] {
	const problems: string[] = [];
	const played = state.players.filter((p) => p.illuminati !== null && isIlluminated(p.illuminati));
	if (played.length > 0 && state.illuminated === undefined) problems.push('an illuminated group is played but the game has no add-on memory');
	for (const player of played) {
		const group = illuminatiCard(player.illuminati!).illuminates!;
		if (!state.outOfPlay.includes(group)) problems.push(`${group} is in play while seat ${player.seat} plays ${player.illuminati}`);
	}
	const memory = state.illuminated;
	if (memory !== undefined) {
		for (const seat of [memory.skip, memory.lastNamed]) {
			if (seat !== null && (seat < 0 || seat >= state.players.length)) problems.push(`the Post Office names seat ${seat}`);
		}
		for (const [card, seat] of Object.entries(memory.destroyedBy)) {
			if (!state.players[seat]) problems.push(`${card} destroyed by unknown seat ${seat}`);
		}
	}
	if (before !== null && entry.type === 'skipPlayer') {
		if (before.illuminated?.lastNamed === entry.target) problems.push(`seat ${entry.target} named twice in a row`);
		if (entry.target === entry.seat) problems.push('the Post Office named itself');
		if (memory?.skip !== entry.target || memory.lastNamed !== entry.target) problems.push('the named seat is not remembered');
	}
	if (before !== null && entry.type === 'viewSpecials') {
		const grant = state.grants[state.grants.length - 1];
		const shown = grant?.subject.kind === 'hand' ? grant.subject.cards : null;
		if (grant?.viewer !== entry.seat || JSON.stringify(shown) !== JSON.stringify(before.players[entry.player]!.hand)) {
			problems.push('the look did not show the viewer the hand as it was');
		}
	}
	return problems;
}

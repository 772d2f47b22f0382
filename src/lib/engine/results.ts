/**
 * Results of an attack (Basic Rules: Attack to Control, results; Attack to Neutralize; Attack to
 * Destroy). Runs when the window after the roll closes, with the roll as it then stands.
 */
import { attackOdds, isSuccess } from './odds.js';
import { beginPlacement, releaseCards } from './placement.js';
import { ownerOf, playerOf, updatePlayer, without } from './state.js';
import { hasOpenArrow, withoutSubtree } from './structure.js';
import { draftAttack, draftPlayer, draftState, withReturned, withStructure, withUncontrolled, type Draft } from './shapes.js';
import type { AttackState, CardId, GameState, Placement, Seat } from './types.js';
import { checkEliminations } from './victory.js';
import { recordDestroyed } from './illuminated.js';

/** Takes a group and its puppets out of their owner's structure. */
function detach(state: GameState, owner: Seat, target: CardId) {
	const { structure, removed } = withoutSubtree(playerOf(state, owner).structure, target);
	return { state: updatePlayer(state, owner, (player) => withStructure(player, structure)), removed };
}

function capture(state: GameState, attack: AttackState): GameState {
	const owner = ownerOf(state, attack.target);
	let next = state;
	let removed: { card: CardId; placement: Placement }[] = [];
	const money: Record<CardId, number> = {};
	if (owner === null) {
		next = withUncontrolled(next, without(next.uncontrolled, attack.target));
	} else {
		({ state: next, removed } = detach(next, owner, attack.target));
		let lost = 0;
		for (const { card, placement } of removed) {
			money[card] = Math.floor(placement.money / 2);
			lost += placement.money - money[card]!;
		}
		next = withReturned(next, lost);
	}
	const structure = playerOf(next, attack.seat).structure;
	const root = { card: attack.target, master: attack.attacker, side: 0 as const };
	if (!hasOpenArrow(structure, attack.attacker)) {
		return releaseCards(next, (removed.length ? removed.map((r) => r.card) : [attack.target]).map((card) => ({ card, money: money[card] ?? 0 })));
	}
	return beginPlacement(next, attack.seat, root, removed, money, { attacker: attack.attacker, target: attack.target }, true);
}

function neutralize(state: GameState, attack: AttackState): GameState {
	const owner = ownerOf(state, attack.target);
	// The defender left the game during the attack: the target is uncontrolled already.
	if (owner === null) return state;
	const { state: next, removed } = detach(state, owner, attack.target);
	return releaseCards(next, removed.map(({ card, placement }) => ({ card, money: placement.money })));
}

function destroy(state: GameState, attack: AttackState): GameState {
	const owner = ownerOf(state, attack.target);
	let next = state;
	if (owner === null) {
		next = withUncontrolled(next, without(next.uncontrolled, attack.target));
	} else {
		const detached = detach(next, owner, attack.target);
		const [targetEntry, ...puppets] = detached.removed;
		next = releaseCards(detached.state, puppets.map(({ card, placement }) => ({ card, money: placement.money })));
		next = withReturned(next, targetEntry!.placement.money);
	}
	const dead = draftState(next);
	dead.dead = [...next.dead, attack.target];
	next = recordDestroyed(dead, attack.target, attack.seat);
	return updatePlayer(next, attack.seat, (player) => {
		const killer = draftPlayer(player);
		killer.kills = player.kills + 1;
		return killer;
	});
}

/** Applies an attack's result with its final roll; a Whispering Campaign success destroys. */
export function settleAttack(state: GameState, attack: AttackState): GameState {
	const roll = attack.roll!;
	const odds = attackOdds(state, attack);
	const success = isSuccess(odds.needed, roll[0] + roll[1]);
	const settled = draftState(state);
	settled.phase = { kind: 'turn' };
	settled.random = null;
	const last = draftAttack(attack) as Draft<AttackState> & { needed: number; success: boolean };
	last.needed = odds.needed;
	last.success = success;
	settled.lastAttack = last;
	if (!success) return settled;
	const applied =
		attack.kind === 'control'
			? capture(settled, attack)
			: attack.kind === 'neutralize'
				? neutralize(settled, attack)
				: destroy(settled, attack);
	return checkEliminations(applied, attack.seat);
}

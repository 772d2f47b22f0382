// The attack builder's steps, the small helpers the controls use, and the preview's hot-seat game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalActions, stateHash, type GameState, type LegalAction } from '../../src/lib/engine/index.js';
import {
	EMPTY_DRAFT,
	attackersOf,
	aidCandidatesOf,
	backTo,
	buildAttack,
	chooseAttacker,
	choosePrivilege,
	chooseTarget,
	chooseVariant,
	declarationOf,
	declarations,
	draftCards,
	pickCard,
	tapTarget,
	defaultVariant,
	privilegesOf,
	stepOf,
	targetsOf,
	toggleAid,
	variantsOf,
	type AttackDraft,
} from '../../src/lib/ui/actions/attack-builder.js';
import { explain } from '../../src/lib/ui/actions/errors.js';
import { parseAmount } from '../../src/lib/ui/actions/money.js';
import { orderLayout } from '../../src/lib/ui/actions/organize.js';
import { PREVIEW_SETUP, play, startHotSeat, withAutoPass, withNextDice } from '../../src/lib/dev/hot-seat.js';
import { seatToShow, seatsAwaited } from '../../src/lib/ui/actions/seats-awaited.js';
import { CardPicker } from '../../src/lib/ui/actions/picker.svelte.js';
import { allSampledStates } from './actions-states.js';
import { loadRefusalTexts } from '../../src/lib/ui/errors/later.svelte.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

const states = allSampledStates();

/** A state where the active seat may declare a privileged attack with aid (the richest builder). */
function richest(): { state: GameState; legal: LegalAction[] } {
	for (const sample of states) {
		const seat = sample.state.turn?.seat;
		if (seat === undefined) continue;
		const legal = legalActions(sample.state, seat);
		if (declarations(legal).some((d) => (d.privileges?.length ?? 0) > 0 && (d.aidCandidates?.length ?? 0) > 0)) return { state: sample.state, legal };
	}
	throw new Error('no sampled state with a privileged attack and aid');
}

describe('attack builder', () => {
	const { legal } = richest();
	const decls = declarations(legal);
	const rich = decls.find((d) => (d.privileges?.length ?? 0) > 0 && (d.aidCandidates?.length ?? 0) > 0)!;
	const attacker = rich.action.attacker;
	const target = rich.action.target;
	const variant = { kind: rich.action.kind, whispering: rich.action.whispering === true };
	const atTarget = chooseAttacker(decls, EMPTY_DRAFT, attacker);
	const atKind = chooseTarget(decls, atTarget, target);
	const atPrivilege = chooseVariant(decls, atKind, variant);
	const atAid = choosePrivilege(decls, atPrivilege, null);

	it.each<[string, AttackDraft, string]>([
		['nothing chosen', EMPTY_DRAFT, 'attacker'],
		['an attacker', atTarget, 'target'],
		['a target', atKind, 'kind'],
		['a kind with privileges listed', atPrivilege, 'privilege'],
		['no privilege', atAid, 'aid'],
	])('after %s the step is %s', (_, draft, expected) => {
		expect(stepOf(decls, draft)).toBe(expected);
	});

	it.each<[string, () => AttackDraft, AttackDraft]>([
		['an attacker that is not listed', () => chooseAttacker(decls, EMPTY_DRAFT, 'no-such-card'), EMPTY_DRAFT],
		['a target not listed for the attacker', () => chooseTarget(decls, atTarget, 'no-such-card'), atTarget],
		['a kind not listed for the pair', () => chooseVariant(decls, atKind, { kind: 'control', whispering: true }), atKind],
		['a privilege not listed', () => choosePrivilege(decls, atPrivilege, { kind: 'discard', card: 'no-such-card' }), atPrivilege],
		['an aid not listed', () => toggleAid(decls, atAid, 'no-such-card'), atAid],
		['an aid before the aid step', () => toggleAid(decls, atKind, aidCandidatesOf(rich)[0]!), atKind],
	])('ignores %s', (_, choose, unchanged) => {
		expect(choose()).toEqual(unchanged);
	});

	it('builds only once every step is done, with the aid in the listed order and the privilege chosen', () => {
		expect(buildAttack(decls, atPrivilege)).toBeNull();
		const aids = [...aidCandidatesOf(rich)].reverse();
		const privilege = privilegesOf(rich)[0]!;
		let draft = choosePrivilege(decls, atPrivilege, privilege);
		for (const aid of aids) draft = toggleAid(decls, draft, aid);
		expect(buildAttack(decls, draft)).toEqual({ ...rich.action, aids: aidCandidatesOf(rich), privilege });
		expect(buildAttack(decls, toggleAid(decls, draft, aids[0]!))!.aids).not.toContain(aids[0]);
	});

	it('skips the privilege step when the declaration lists none', () => {
		const plain = decls.find((d) => (d.privileges?.length ?? 0) === 0);
		if (plain === undefined) return expect(privilegesOf(rich).length).toBeGreaterThan(0);
		const draft = chooseVariant(decls, chooseTarget(decls, chooseAttacker(decls, EMPTY_DRAFT, plain.action.attacker), plain.action.target), { kind: plain.action.kind, whispering: plain.action.whispering === true });
		expect(stepOf(decls, draft)).toBe('aid');
		expect(draft.privilege).toBeNull();
	});

	it('going back forgets the later steps', () => {
		const full = toggleAid(decls, atAid, aidCandidatesOf(rich)[0]!);
		expect(backTo(full, 'target')).toEqual({ ...EMPTY_DRAFT, attacker });
		expect(backTo(full, 'kind')).toEqual({ ...EMPTY_DRAFT, attacker, target });
		expect(backTo(full, 'privilege')).toMatchObject({ variant, privilege: undefined, aids: [] });
		expect(stepOf(decls, backTo(full, 'attacker'))).toBe('attacker');
	});

	it('offers the table the listed cards of the current step, and a table pick follows the steps', () => {
		expect(draftCards(decls, EMPTY_DRAFT).selectable).toEqual(attackersOf(decls));
		expect(draftCards(decls, atTarget).selectable).toEqual(targetsOf(decls, attacker));
		expect(draftCards(decls, atAid).selectable).toEqual(aidCandidatesOf(declarationOf(decls, atAid)));
		expect(draftCards(decls, atAid).highlight).toEqual([attacker, target]);
		expect(pickCard(decls, pickCard(decls, EMPTY_DRAFT, attacker), target)).toEqual(tapTarget(decls, atTarget, target));
		expect(pickCard(decls, atAid, aidCandidatesOf(rich)[0]!).aids).toEqual([aidCandidatesOf(rich)[0]]);
		expect(variantsOf(decls, attacker, target)).toContainEqual(variant);
	});

	it('a target tapped on the table pre-fills the kind: the only one listed, else control when listed, else none', () => {
		for (const d of decls) {
			const picked = chooseAttacker(decls, EMPTY_DRAFT, d.action.attacker);
			const tapped = tapTarget(decls, picked, d.action.target);
			const variants = variantsOf(decls, d.action.attacker, d.action.target);
			const expected = variants.length === 1 ? variants[0] : variants.find((v) => v.kind === 'control' && !v.whispering);
			if (expected === undefined) {
				expect(tapped).toEqual(chooseTarget(decls, picked, d.action.target));
				expect(stepOf(decls, tapped)).toBe('kind');
			} else {
				expect(tapped.variant).toEqual(expected);
				expect(stepOf(decls, tapped)).toBe(privilegesOf(declarationOf(decls, tapped)).length > 0 ? 'privilege' : 'aid');
			}
		}
		expect(defaultVariant(decls, atKind)).toEqual(tapTarget(decls, atTarget, target).variant ?? null);
		expect(tapTarget(decls, atTarget, 'no-such-card')).toBe(atTarget);
	});
});

describe('helpers', () => {
	it.each<[string | number, number]>([
		['3', 3],
		[' 12 ', 12],
		['0', 0],
		[7, 7],
	])('reads the amount %j as %d', (typed, amount) => {
		expect(parseAmount(typed)).toBe(amount);
	});

	it.each(['', '-2', '1.5', 'ten', null, undefined])('leaves the amount %j for the engine to refuse (NaN)', (typed) => {
		expect(parseAmount(typed)).toBeNaN();
	});

	it('orders a layout so that every master comes before its puppets, loops last', () => {
		const layout = [
			{ card: 'c', master: 'b', side: 0 as const },
			{ card: 'b', master: 'a', side: 1 as const },
			{ card: 'a', master: 'ill', side: 2 as const },
			{ card: 'x', master: 'y', side: 0 as const },
			{ card: 'y', master: 'x', side: 0 as const },
		];
		expect(orderLayout(layout, 'ill').map((entry) => entry.card)).toEqual(['a', 'b', 'c', 'x', 'y']);
	});
});

describe('hot-seat game (the preview)', () => {
	it('reaches the first player’s actions from the scripted setup, the same way every time', () => {
		const game = startHotSeat(PREVIEW_SETUP);
		expect(game.state.phase.kind).toBe('turn');
		expect(game.state.turn).toMatchObject({ seat: 0, step: 'actions' });
		expect(game.state.uncontrolled).toEqual(expect.arrayContaining(['mafia', 'cia', 'boy-sprouts', 'international-communist-conspiracy']));
		expect(stateHash(startHotSeat(PREVIEW_SETUP).state)).toBe(stateHash(game.state));
		expect(stateHash(startHotSeat({ ...PREVIEW_SETUP, seed: 'other' }).state)).not.toBe(stateHash(game.state));
	});

	it('rolls the stated dice for the next attack, then seeds again', () => {
		let game = withNextDice(startHotSeat(PREVIEW_SETUP), [2, 3]);
		const declared = play(game, { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'cia', aids: [] });
		if (!declared.ok) throw new Error(declared.error.code);
		game = declared.game;
		for (const seat of [0, 1, 2]) {
			const passed = play(game, { type: 'passSpending', seat });
			if (!passed.ok) throw new Error(passed.error.code);
			game = passed.game;
		}
		expect(game.entries).toContainEqual({ type: 'fixed', dice: [[2, 3]] });
		expect(game.state.lastAttack?.roll).toEqual([2, 3]);
		expect(game.nextDice).toBeNull();
		// Automatic passes closed the after-roll window: the capture waits for its arrow.
		expect(game.state.phase.kind).toBe('placement');
	});

	it('refuses an illegal entry with the engine’s code and keeps the game as it was', () => {
		const game = startHotSeat(PREVIEW_SETUP);
		const result = play(game, { type: 'transfer', seat: 0, mode: 'free', from: 'bavarian-illuminati', to: 'cia', amount: 1 });
		expect(result.ok ? 'ok' : result.error.code).not.toBe('ok');
		expect(game.entries.length).toBe(startHotSeat(PREVIEW_SETUP).entries.length);
	});

	it('passes for seats that can only pass only when asked to', () => {
		const manual = startHotSeat({ ...PREVIEW_SETUP, autoPass: false });
		expect(manual.state.phase.kind).toBe('turnStart');
		expect(manual.entries.some((entry) => entry.type === 'passWindow')).toBe(false);
		const automatic = withAutoPass(manual, true);
		expect(automatic.state.phase.kind).toBe('turn');
		expect(automatic.entries.filter((entry) => entry.type === 'passWindow')).toHaveLength(3);
	});

	it('waits for the seats that have not passed the spending window, not for an attacker who passed', () => {
		const declared = play(startHotSeat(PREVIEW_SETUP), { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'cia', aids: [] });
		if (!declared.ok) throw new Error(declared.error.code);
		expect(seatsAwaited(declared.game.state)).toEqual([0, 1, 2]);
		const passed = play(declared.game, { type: 'passSpending', seat: 0 });
		if (!passed.ok) throw new Error(passed.error.code);
		expect(seatsAwaited(passed.game.state)).toEqual([1, 2]);
		expect(seatToShow(passed.game.state, seatsAwaited(passed.game.state), 0)).toBe(1);
	});

	it.each<[string, number[], number | null, number, number]>([
		['the active seat when it is waited for', [2, 0], 0, 1, 0],
		['the shown seat when it is waited for and the active one is not', [1, 2], 0, 2, 2],
		['the first waited-for seat otherwise', [1, 2], 0, 0, 1],
		['the active seat when nobody is waited for', [], 2, 0, 2],
	])('shows %s', (_, waiting, active, current, expected) => {
		const state = { turn: active === null ? null : { seat: active } } as unknown as GameState;
		expect(seatToShow(state, waiting, current)).toBe(expected);
	});
});

describe('refusals', () => {
	beforeAll(() => loadRefusalTexts()); // the words come in a chunk of their own
	// Panels and texts the code loads with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));
	it.each<[string, string, RegExp]>([
		['NOT_ENOUGH_MONEY', 'cia holds only 0 MB.', /./],
		['NO_ACTIONS_LEFT', 'Both actions of this turn are used.', /action/i],
		['SOMETHING_NEW', 'A code no one explained yet.', /SOMETHING_NEW/],
	])('explains %s in words, keeping the engine’s sentence as the detail', (code, message, words) => {
		const explanation = explain(code, message);
		expect(explanation.text).toMatch(words);
		expect(explanation.text).not.toBe(message);
		expect(explanation.detail).toBe(message);
	});
});

describe('card picker', () => {
	it('hands a table pick to the control holding it, only for a card it may pick, and forgets it on release', () => {
		const picker = new CardPicker();
		const picked: string[] = [];
		const attack = Symbol('attack');
		const transfer = Symbol('transfer');
		picker.claim(attack, ['a', 'b'], ['c'], (card) => picked.push(`attack:${card}`));
		expect(picker.pick('a')).toBe(true);
		expect(picker.pick('z')).toBe(false);
		picker.claim(transfer, ['z'], [], (card) => picked.push(`transfer:${card}`));
		picker.release(attack); // not the holder any more: no effect
		expect(picker.pick('z')).toBe(true);
		expect([...picker.selectable]).toEqual(['z']);
		picker.release(transfer);
		expect(picker.pick('z')).toBe(false);
		expect(picker.selectable.size + picker.highlight.size).toBe(0);
		expect(picked).toEqual(['attack:a', 'transfer:z']);
	});
});

// Declaring an attack: which group may attack which, with what aid, how often (Basic Rules:
// Attacks; Attack to Control, Aiding Attacks; Attack to Neutralize; Attack to Destroy; About the
// Illuminati: the UFOs and the Discordian Society).
import { describe, expect, it } from 'vitest';
import { attackOdds, type AttackKind, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { arrowStatus, structureProblems } from '../../src/lib/engine/structure.js';
import { expectRefused, play, rollAttack, scenario, type ScenarioSpec } from '../helpers/scenario.js';

function world(spec: ScenarioSpec): GameState {
	const state = scenario(spec);
	for (const player of state.players) expect(structureProblems(player.structure)).toEqual([]);
	return state;
}

function attack(kind: AttackKind, attacker: CardId, target: CardId, aids: CardId[] = [], seat = 0) {
	return { type: 'attack', seat, kind, attacker, target, aids } as const;
}

/** Rolls a pending attack with no spending (everyone passes): a 12 always fails, a 2 succeeds
 * when 2 is enough. */
function playOut(state: GameState, roll: [number, number]): GameState {
	return rollAttack(state, roll[0], roll[1]);
}

const FAIL: [number, number] = [6, 6];

describe('Attack to Control — the attacking group needs an open outgoing arrow', () => {
	// Bavarian Illuminati: Oil Companies east at (1,0), Yuppies south at (0,1). The Yuppies' only
	// arrow points east at (1,1).
	const base = {
		illuminati: 'bavarian-illuminati',
		groups: [
			{ card: 'multinational-oil-companies', side: 1 },
			{ card: 'yuppies', side: 2 },
		],
	} as const;
	const opponent = { illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] } as const;

	it('all its arrows used by puppets: NO_OPEN_ARROW', () => {
		const state = world({
			players: [{ ...base, groups: [...base.groups, { card: 'feminists', master: 'yuppies', side: 2 }] }, opponent],
			uncontrolled: ['hollywood'],
		});
		expect(arrowStatus(state.players[0]!.structure, 'yuppies', 2)).toBe('used');
		expectRefused(state, attack('control', 'yuppies', 'hollywood'), 'NO_OPEN_ARROW');
	});

	describe('its only arrow blocked by another card of the structure', () => {
		// Feminists hang on the Oil Companies' south arrow, in the cell the Yuppies' arrow points at.
		const state = world({
			players: [{ ...base, groups: [...base.groups, { card: 'feminists', master: 'multinational-oil-companies', side: 2 }] }, opponent],
			uncontrolled: ['hollywood'],
		});

		it('cannot attempt to control: NO_OPEN_ARROW', () => {
			expect(arrowStatus(state.players[0]!.structure, 'yuppies', 2)).toBe('blocked');
			expectRefused(state, attack('control', 'yuppies', 'hollywood'), 'NO_OPEN_ARROW');
		});

		it('Attack to Destroy: a group needs no open arrow to destroy', () => {
			expect(play(state, attack('destroy', 'yuppies', 'hollywood')).phase.kind).toBe('attack');
		});

		it('Attack to Neutralize: the attacker needs no open arrow', () => {
			expect(play(state, attack('neutralize', 'yuppies', 'republicans')).phase.kind).toBe('attack');
		});

		it('rules.neutralizeNeedsOpenArrow (French text): then it does, NO_OPEN_ARROW', () => {
			const french = world({
				players: [{ ...base, groups: [...base.groups, { card: 'feminists', master: 'multinational-oil-companies', side: 2 }] }, opponent],
				rules: { neutralizeNeedsOpenArrow: true },
			});
			expectRefused(french, attack('neutralize', 'yuppies', 'republicans'), 'NO_OPEN_ARROW');
			expect(play(french, attack('neutralize', 'multinational-oil-companies', 'republicans')).phase.kind).toBe('attack');
		});
	});
});

describe('Attacks — what may be attacked', () => {
	const state = world({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				groups: [
					{ card: 'multinational-oil-companies', side: 1 },
					{ card: 'yuppies', side: 2 },
					{ card: 'cycle-gangs', side: 3 },
					{ card: 'men-in-black', master: 'yuppies', side: 2 },
				],
			},
			{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }, { card: 'punk-rockers', side: 2 }] },
		],
		uncontrolled: ['hollywood', 'psychiatrists'],
	});

	it('Attack to Control: not a group you already control (ALREADY_CONTROLLED)', () => {
		expectRefused(state, attack('control', 'multinational-oil-companies', 'yuppies'), 'ALREADY_CONTROLLED');
	});

	it.each(['control', 'neutralize', 'destroy'] as const)('Illuminati cards can attack but cannot be attacked (%s)', (kind) => {
		expectRefused(state, attack(kind, 'multinational-oil-companies', 'network'), 'ILLUMINATI_CANNOT_BE_ATTACKED');
		expectRefused(state, attack(kind, 'multinational-oil-companies', 'bavarian-illuminati'), 'ILLUMINATI_CANNOT_BE_ATTACKED');
		expect(play(state, attack(kind, 'bavarian-illuminati', 'republicans')).phase.kind).toBe('attack');
	});

	it.each([
		['cycle-gangs', '0/0'],
		['men-in-black', '0/2'],
	])('Power: a card with no Power cannot attack (%s, %s): NO_POWER', (card) => {
		expectRefused(state, attack('control', card, 'hollywood'), 'NO_POWER');
	});

	it('Power: a group with transferable power only (Men in Black, 0/2) can help another group attack', () => {
		const declared = play(state, attack('control', 'multinational-oil-companies', 'hollywood', ['men-in-black']));
		if (declared.phase.kind !== 'attack') throw new Error('no attack');
		expect(attackOdds(declared, declared.phase.attack).modifiers).toContainEqual({ source: 'aid', card: 'men-in-black', value: 2 });
	});

	it('a group without transferable power cannot aid (Cycle Gangs): BAD_AID', () => {
		expectRefused(state, attack('control', 'multinational-oil-companies', 'hollywood', ['cycle-gangs']), 'BAD_AID');
	});

	it('only groups of the attacker\'s own Power Structure aid: NOT_YOUR_GROUP', () => {
		expectRefused(state, attack('control', 'multinational-oil-companies', 'hollywood', ['republicans']), 'NOT_YOUR_GROUP');
	});

	it.each([
		['an uncontrolled group', 'hollywood'],
		['your own group', 'yuppies'],
	])('Attack to Neutralize: the target must be controlled by another player, not %s', (_what, target) => {
		expectRefused(state, attack('neutralize', 'multinational-oil-companies', target), 'TARGET_NOT_CONTROLLED_BY_OPPONENT');
	});

	it.each([
		['an uncontrolled group with no Power (Psychiatrists)', 'psychiatrists'],
		['an opponent\'s group with no Power (Punk Rockers)', 'punk-rockers'],
		['your own group with no Power (Cycle Gangs)', 'cycle-gangs'],
	])('Attack to Destroy: a group without Power cannot be destroyed: %s', (_what, target) => {
		expectRefused(state, attack('destroy', 'multinational-oil-companies', target), 'POWERLESS_TARGET');
	});

	it('Attack to Destroy: you may try to destroy a group you already control', () => {
		const declared = play(state, attack('destroy', 'multinational-oil-companies', 'yuppies'));
		expect(declared.phase).toMatchObject({ kind: 'attack', attack: { target: 'yuppies', defender: null } });
	});

	it('Attack to Destroy: no group can attack itself (CANNOT_ATTACK_ITSELF)', () => {
		expectRefused(state, attack('destroy', 'yuppies', 'yuppies'), 'CANNOT_ATTACK_ITSELF');
	});

	it('Attack to Destroy: no group can aid an attempt to destroy itself (BAD_AID)', () => {
		expectRefused(state, attack('destroy', 'multinational-oil-companies', 'yuppies', ['yuppies']), 'BAD_AID');
	});

	it('Actions: an attack is one of the two actions', () => {
		const declared = play(state, attack('control', 'multinational-oil-companies', 'hollywood'));
		expect(declared.turn!.actionsLeft).toBe(state.turn!.actionsLeft - 1);
		const none = world({
			players: [
				{ illuminati: 'bavarian-illuminati', groups: [{ card: 'multinational-oil-companies', side: 1 }] },
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['hollywood'],
			turn: { actionsLeft: 0 },
		});
		expectRefused(none, attack('control', 'multinational-oil-companies', 'hollywood'), 'NO_ACTIONS_LEFT');
	});

	it('only the player whose turn it is attacks: NOT_YOUR_TURN', () => {
		expectRefused(state, attack('control', 'republicans', 'hollywood', [], 1), 'NOT_YOUR_TURN');
	});
});

describe('Aiding Attacks — a group takes part in one attack per turn', () => {
	const state = world({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				groups: [
					{ card: 'multinational-oil-companies', side: 1 },
					{ card: 'cia', side: 2 },
					{ card: 'yuppies', side: 3 },
				],
			},
			{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
		],
		uncontrolled: ['hollywood', 'feminists'],
	});
	// The CIA (6/4) attacks, aided by the Yuppies (1/1), and fails.
	const failedFirst = playOut(play(state, attack('control', 'cia', 'hollywood', ['yuppies'])), FAIL);

	it('the attacking group cannot attack again after its attack failed: ALREADY_PARTICIPATED', () => {
		expect(failedFirst.lastAttack).toMatchObject({ success: false });
		expectRefused(failedFirst, attack('control', 'cia', 'feminists'), 'ALREADY_PARTICIPATED');
	});

	it('the attacking group cannot aid a later attack: ALREADY_PARTICIPATED', () => {
		expectRefused(failedFirst, attack('control', 'bavarian-illuminati', 'feminists', ['cia']), 'ALREADY_PARTICIPATED');
	});

	it('a group that aided cannot attack later that turn: ALREADY_PARTICIPATED', () => {
		expectRefused(failedFirst, attack('control', 'yuppies', 'feminists'), 'ALREADY_PARTICIPATED');
	});

	it('after a failed first attack, the second action may attack the same group with another group', () => {
		const second = play(failedFirst, attack('control', 'multinational-oil-companies', 'hollywood', ['bavarian-illuminati']));
		expect(second.phase).toMatchObject({ kind: 'attack', attack: { attacker: 'multinational-oil-companies', target: 'hollywood' } });
		expect(second.turn!.actionsLeft).toBe(0);
	});

	it('aid may be added with an aid entry until money is spent; then ALREADY_COMMITTED', () => {
		const declared = play(state, attack('control', 'multinational-oil-companies', 'hollywood'));
		const aided = play(declared, { type: 'aid', seat: 0, card: 'cia' });
		expect(aided.phase).toMatchObject({ kind: 'attack', attack: { aids: ['cia'] } });
		expect(aided.turn!.participated['cia']).toBe(1);
		expectRefused(aided, { type: 'aid', seat: 0, card: 'cia' }, 'BAD_AID');
		expectRefused(aided, { type: 'aid', seat: 1, card: 'republicans' }, 'NOT_ATTACKER');
		const rich = world({
			players: [
				{
					illuminati: 'bavarian-illuminati',
					money: 5,
					groups: [
						{ card: 'multinational-oil-companies', side: 1 },
						{ card: 'cia', side: 2 },
					],
				},
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['hollywood'],
		});
		const spent = play(rich, attack('control', 'multinational-oil-companies', 'hollywood'), { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 1 });
		expectRefused(spent, { type: 'aid', seat: 0, card: 'cia' }, 'ALREADY_COMMITTED');
	});

	it.each([
		['the attacking group itself', 'cia', ['cia']],
		['the same group twice', 'multinational-oil-companies', ['cia', 'cia']],
	] as const)('a group adds its transferable power once: not %s (BAD_AID)', (_what, attacker, aids) => {
		expectRefused(state, attack('control', attacker, 'hollywood', [...aids]), 'BAD_AID');
	});

	it('a group captured this turn may attack in the same turn', () => {
		const captured = play(
			playOut(play(state, attack('control', 'multinational-oil-companies', 'feminists')), [1, 1]),
			{ type: 'placeCapture', seat: 0, side: 1 },
		);
		expect(captured.players[0]!.structure['feminists']).toBeDefined();
		const next = play(captured, attack('control', 'feminists', 'hollywood'));
		expect(next.phase).toMatchObject({ kind: 'attack', attack: { attacker: 'feminists' } });
	});
});

describe('About the Illuminati — the UFOs take part in two attacks per turn', () => {
	const spec: ScenarioSpec = {
		players: [
			{ illuminati: 'ufos', groups: [{ card: 'multinational-oil-companies', side: 1 }, { card: 'yuppies', side: 2 }] },
			{ illuminati: 'bavarian-illuminati', groups: [{ card: 'republicans', side: 1 }, { card: 'mafia', side: 2 }] },
		],
		uncontrolled: ['hollywood', 'feminists', 'girlie-magazines'],
	};

	it('the UFO card attacks twice in one turn', () => {
		const once = playOut(play(world(spec), attack('control', 'ufos', 'hollywood')), FAIL);
		expect(play(once, attack('control', 'ufos', 'hollywood')).phase.kind).toBe('attack');
	});

	it('the UFO card attacks and then aids', () => {
		const once = playOut(play(world(spec), attack('control', 'ufos', 'hollywood')), FAIL);
		expect(play(once, attack('control', 'multinational-oil-companies', 'hollywood', ['ufos'])).phase.kind).toBe('attack');
	});

	it('but not in a third attack (sandbox turn with three actions): ALREADY_PARTICIPATED', () => {
		let state = world({ ...spec, turn: { actionsLeft: 3 } });
		state = playOut(play(state, attack('control', 'ufos', 'hollywood')), FAIL);
		state = playOut(play(state, attack('control', 'multinational-oil-companies', 'feminists', ['ufos'])), FAIL);
		expect(state.turn!.actionsLeft).toBe(1);
		expectRefused(state, attack('control', 'ufos', 'girlie-magazines'), 'ALREADY_PARTICIPATED');
		expectRefused(state, attack('control', 'yuppies', 'girlie-magazines', ['ufos']), 'ALREADY_PARTICIPATED');
	});

	it('even the UFOs add their power to one attack only once', () => {
		expectRefused(world(spec), attack('control', 'multinational-oil-companies', 'hollywood', ['ufos', 'ufos']), 'BAD_AID');
	});

	it('other Illuminati attack once: the Bavarian Illuminati cannot attack twice', () => {
		const state = world({ ...spec, turn: { seat: 1 } });
		const once = playOut(play(state, attack('control', 'bavarian-illuminati', 'hollywood', [], 1)), FAIL);
		expectRefused(once, attack('control', 'bavarian-illuminati', 'hollywood', [], 1), 'ALREADY_PARTICIPATED');
	});
});

describe('About the Illuminati — the Discordian Society: Straight and Government groups may not attack or aid against its structure', () => {
	const state = world({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				groups: [
					{ card: 'multinational-oil-companies', side: 1 },
					{ card: 'fbi', side: 2 },
					{ card: 'cia', side: 3 },
					{ card: 'big-media', side: 0 },
				],
			},
			{ illuminati: 'discordian-society', groups: [{ card: 'republicans', side: 1 }, { card: 'democrats', side: 2 }] },
		],
		uncontrolled: ['hollywood'],
	});

	it.each([
		['control', 'fbi', 'Government and Straight'],
		['neutralize', 'fbi', 'Government and Straight'],
		['destroy', 'fbi', 'Government and Straight'],
		['control', 'cia', 'Government'],
		['destroy', 'big-media', 'Straight'],
	] as const)('%s by %s (%s): IMMUNE', (kind, attacker, _why) => {
		expectRefused(state, attack(kind, attacker, 'republicans'), 'IMMUNE');
	});

	it('a Government group cannot aid an attack on the Discordian structure (declared aid or aid entry): IMMUNE', () => {
		expectRefused(state, attack('control', 'multinational-oil-companies', 'republicans', ['cia']), 'IMMUNE');
		const declared = play(state, attack('control', 'multinational-oil-companies', 'republicans'));
		expectRefused(declared, { type: 'aid', seat: 0, card: 'cia' }, 'IMMUNE');
	});

	it('groups of other alignments and the Illuminati may attack it', () => {
		expect(play(state, attack('control', 'multinational-oil-companies', 'republicans')).phase.kind).toBe('attack');
		expect(play(state, attack('neutralize', 'bavarian-illuminati', 'democrats')).phase.kind).toBe('attack');
	});

	it('alignments count as they are this turn: made Straight by the Orbital Mind Control Lasers, the Oil Companies are barred', () => {
		const lasers = world({
			players: [
				{
					illuminati: 'bavarian-illuminati',
					groups: [
						{ card: 'multinational-oil-companies', side: 1 },
						{ card: 'orbital-mind-control-lasers', side: 2 },
					],
				},
				{ illuminati: 'discordian-society', groups: [{ card: 'republicans', side: 1 }] },
			],
		});
		const edited = play(lasers, { type: 'editAlignment', seat: 0, target: 'multinational-oil-companies', op: 'add', alignment: 'Straight' });
		expectRefused(edited, attack('control', 'multinational-oil-companies', 'republicans'), 'IMMUNE');
	});

	it('the immunity covers only the Discordian structure: the FBI may attack an uncontrolled group', () => {
		expect(play(state, attack('control', 'fbi', 'hollywood', ['cia'])).phase.kind).toBe('attack');
	});
});

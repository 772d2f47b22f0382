#!/usr/bin/env node
// Generates src/lib/engine/cards/data/*.ts from the shared classic card data set.
//
//   node scripts/gen-cards.mjs [path/to/classic.json]
//
// Default input: ../shared/cards/classic.json relative to the repository root when it is there,
// else the project's own copy of its facts, tests/fixtures/cards/classic.facts.json.
// Only card FACTS are taken from the JSON (names, numbers, alignments, arrows and the
// structured abilities/goals/effects: cardFacts below). Every English summary is generated here
// from the structured data, in our own words; the JSON's own summary texts are never copied.
// Any kind, timing or shape this script does not know makes it throw, so data changes
// are noticed instead of silently mis-mapped.
//
// Writes src/lib/engine/cards/data/*.ts (card facts by kind; the summaries in a file of their own,
// which the engine does not import) and, when the input is not the project's facts file, that file
// too (tests/cards/card-data.test.ts checks data/ against it, without ../shared).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Same order as ALIGNMENTS in src/lib/engine/cards/types.ts.
const ALIGNMENTS = ['Government', 'Communist', 'Liberal', 'Conservative', 'Peaceful', 'Violent', 'Straight', 'Weird', 'Criminal', 'Fanatic'];
const SIDES = { top: 0, right: 1, bottom: 2, left: 3 };
const ATTACKS = ['control', 'neutralize', 'destroy'];

/** @param {string} msg @returns {never} */
function fail(msg) {
	throw new Error(`gen-cards: ${msg}`);
}

/** @param {any} obj @param {string} key @param {string} where @returns {number} */
function int(obj, key, where) {
	const v = obj?.[key];
	if (typeof v !== 'number' || !Number.isInteger(v)) fail(`${where}: '${key}' must be an integer, got ${JSON.stringify(v)}`);
	return v;
}

/** @param {any} a @param {string} where @returns {string} */
function alignment(a, where) {
	if (!ALIGNMENTS.includes(a)) fail(`${where}: unknown alignment ${JSON.stringify(a)}`);
	return a;
}

/** @param {any} list @param {string} where @returns {string[]} */
function alignmentList(list, where) {
	if (!Array.isArray(list) || list.length === 0) fail(`${where}: expected a non-empty alignment list`);
	return list.map((a) => alignment(a, where));
}

/** @param {any} list @param {string} where @returns {string[]} */
function attackList(list, where) {
	if (!Array.isArray(list) || list.length === 0) fail(`${where}: expected a non-empty attack list`);
	for (const a of list) if (!ATTACKS.includes(a)) fail(`${where}: unknown attack kind ${JSON.stringify(a)}`);
	return [...list];
}

/** @param {any} s @param {string} where @returns {0|1|2|3} */
function side(s, where) {
	if (!(s in SIDES)) fail(`${where}: unknown side ${JSON.stringify(s)}`);
	return /** @type {0|1|2|3} */ (SIDES[/** @type {keyof typeof SIDES} */ (s)]);
}

/** @param {any} t @param {Set<string>} ids @param {string} where */
function target(t, ids, where) {
	if (t?.any === true) return { kind: 'any' };
	if (typeof t?.alignment === 'string') return { kind: 'alignment', alignment: alignment(t.alignment, where) };
	if (Array.isArray(t?.cards) && t.cards.length > 0) {
		for (const id of t.cards) if (!ids.has(id)) fail(`${where}: target card '${id}' does not exist`);
		return { kind: 'cards', cards: [...t.cards] };
	}
	return fail(`${where}: unknown target ${JSON.stringify(t)}`);
}

/** @param {any} a @param {Set<string>} ids @param {string} where */
function attackBonus(a, ids, where) {
	const scopes = { any_attempt: 'anyAttempt', direct: 'direct' };
	const scope = scopes[/** @type {keyof typeof scopes} */ (a.scope)] ?? fail(`${where}: unknown scope ${a.scope}`);
	return {
		kind: 'attackBonus',
		scope,
		attacks: attackList(a.attacks, where),
		value: int(a, 'value', where),
		target: target(a.target, ids, where)
	};
}

/** @param {any} a @param {any} g @param {Set<string>} ids */
function groupAbility(a, g, ids) {
	const where = `group ${g.id} ability ${a?.kind}`;
	switch (a?.kind) {
		case 'attack_bonus':
			return attackBonus(a, ids, where);
		case 'counts_as_alignment':
			if (a.when?.role !== 'attacker') fail(`${where}: only role 'attacker' is supported`);
			return {
				kind: 'countsAsAlignment',
				alignment: alignment(a.alignment, where),
				attacks: attackList(a.when.attacks, where),
				targetAlignment: alignment(a.when.target?.alignment, where)
			};
		case 'conditional_resistance':
			if (a.base !== g.resistance) fail(`${where}: base ${a.base} differs from resistance ${g.resistance}`);
			return {
				kind: 'conditionalResistance',
				resistance: int(a, 'resistance', where),
				attackerAlignments: alignmentList(a.when_attacker_has_any_alignment, where)
			};
		case 'resistance_bonus':
			return { kind: 'resistanceBonusToOwnGroups', value: int(a, 'value', where) };
		case 'money_transfer_reach':
			if (a.reach !== 'any_group_in_same_power_structure') fail(`${where}: unknown reach ${a.reach}`);
			return { kind: 'transferToAnyOwnGroup' };
		case 'tax':
			if (a.from !== 'each_opponent') fail(`${where}: unknown tax payer ${a.from}`);
			return { kind: 'tax', amount: int(a, 'amount_mb', where) };
		case 'upkeep':
			return { kind: 'upkeep', amount: int(a, 'amount_mb', where) };
		case 'pay_to_draw':
			if (a.is_action !== false) fail(`${where}: only non-action pay_to_draw is supported`);
			return { kind: 'payToDraw', cost: int(a, 'cost_mb', where), cards: int(a, 'extra_cards', where) };
		case 'alignment_edit':
			return { kind: 'alignmentEdit', usesPerTurn: int(a, 'uses_per_turn', where) };
		default:
			return fail(`${where}: unknown group ability kind`);
	}
}

/** @param {any} a @param {any} c @param {Set<string>} ids */
function illuminatiAbility(a, c, ids) {
	const where = `illuminati ${c.id} ability ${a?.kind}`;
	switch (a?.kind) {
		case 'privileged_attack':
			return { kind: 'privilegedAttack', cost: int(a, 'cost_mb', where), perTurn: int(a, 'per_turn', where) };
		case 'reorganize_power_structure':
			if (a.when !== 'end_of_turn' || a.cost !== 0) fail(`${where}: only a free end-of-turn reorganization is supported`);
			return { kind: 'reorganizeAtEndOfTurn' };
		case 'attack_bonus':
			return attackBonus(a, ids, where);
		case 'immunity':
			if (a.includes_aiding !== true) fail(`${where}: immunity must include aiding`);
			return { kind: 'immunity', fromAlignments: alignmentList(a.from_groups_with_alignment, where) };
		case 'move_money_freely':
			if (a.when !== 'end_of_turn') fail(`${where}: only end-of-turn money moves are supported`);
			return { kind: 'moveMoneyAtEndOfTurn' };
		case 'extra_draw': {
			const perTurn = int(a, 'cards_per_turn', where);
			if (perTurn < 2) fail(`${where}: cards_per_turn ${perTurn} is no extra draw`);
			return { kind: 'extraDraw', cards: perTurn - 1 };
		}
		case 'multiple_attacks':
			return { kind: 'multipleAttacks', attacksPerTurn: int(a, 'attacks_per_turn', where) };
		default:
			return fail(`${where}: unknown Illuminati ability kind`);
	}
}

/** @param {any} g @param {string} id */
function goal(g, id) {
	const where = `illuminati ${id} goal ${g?.kind}`;
	switch (g?.kind) {
		case 'total_power':
			if (g.includes_own_power !== true) fail(`${where}: expected includes_own_power`);
			return { kind: 'totalPower', threshold: int(g, 'threshold', where) };
		case 'alignment_coverage':
			if (g.alignments !== 'all_10') fail(`${where}: only all_10 is supported`);
			return { kind: 'allAlignments' };
		case 'control_alignment_count':
			return { kind: 'alignmentCount', alignment: alignment(g.alignment, where), count: int(g, 'count', where) };
		case 'treasury_total':
			return { kind: 'treasuryTotal', threshold: int(g, 'threshold_mb', where) };
		case 'total_transferable_power':
			if (g.includes_own_transferable !== true) fail(`${where}: expected includes_own_transferable`);
			return { kind: 'totalTransferable', threshold: int(g, 'threshold', where) };
		case 'destroy_count':
			return { kind: 'destroyCount', count: int(g, 'count', where) };
		case 'choose_secret_goal':
			return { kind: 'secretChoice' };
		default:
			return fail(`${where}: unknown goal kind`);
	}
}

/** Special effects without parameters: JSON kind -> our kind. */
const PLAIN_EFFECTS = {
	auto_control: 'bribery',
	inspect: 'inspect',
	abolish_privilege: 'abolishPrivilege',
	interfere_in_privileged: 'interfereInPrivileged',
	double_income: 'doubleIncome',
	revive: 'revive',
	cancel_special: 'cancelSpecial',
	skip_turn: 'skipTurn',
	destroy_powerless: 'destroyPowerless'
};

/** @param {any} e @param {string} id */
function effect(e, id) {
	const where = `special ${id} effect ${e?.kind}`;
	if (e?.kind === 'set_roll') return { kind: 'setRoll', value: int(e, 'value', where) };
	if (e?.kind === 'gain_money') return { kind: 'gainMoney', amount: int(e, 'amount_mb', where) };
	if (e?.kind === 'reorganize_money') return { kind: 'reorganizeMoney', bonus: int(e, 'bonus_mb', where) };
	const kind = PLAIN_EFFECTS[/** @type {keyof typeof PLAIN_EFFECTS} */ (e?.kind)];
	return kind ? { kind } : fail(`${where}: unknown special effect kind`);
}

/** The JSON describes timing in prose; each known sentence maps to one SpecialTiming. */
const TIMINGS = {
	'immediately after the dice are rolled': 'afterRoll',
	'during your own turn': 'ownTurnAction',
	'any time': 'anyTime',
	'after privilege has been declared on an attack': 'afterPrivilege',
	'during a privileged attack': 'privilegedAttack',
	'your own income phase': 'ownIncome',
	'when any other special card is played, for any purpose': 'whenSpecialPlayed',
	"at the start of another player's turn": 'startOfOtherTurn',
	'during your turn (playing the card is free, the attack itself uses an action)': 'ownTurn'
};

/** @param {any} t @param {string} id */
function timing(t, id) {
	const when = TIMINGS[/** @type {keyof typeof TIMINGS} */ (t?.when)];
	if (!when) fail(`special ${id}: unknown timing ${JSON.stringify(t?.when)}`);
	const isAction = t.is_action === true;
	if (isAction !== (when === 'ownTurnAction')) fail(`special ${id}: is_action ${t.is_action} does not fit timing '${when}'`);
	return { timing: when, isAction };
}

// ---------------------------------------------------------------- summaries (our own words)

/** @param {string[]} xs @param {string} last */
const join = (xs, last = 'or') => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} ${last} ${xs[xs.length - 1]}`);
/** @param {string} w */
const article = (w) => (/^[AEIOU]/.test(w) ? `an ${w}` : `a ${w}`);
/** @param {number} n */
const times = (n) => (n === 1 ? 'Once' : n === 2 ? 'Twice' : `${n} times`);
/** @param {number} n @param {string} w */
const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** @param {any} t @param {Map<string,string>} names */
function targetText(t, names) {
	if (t.kind === 'any') return 'a group';
	if (t.kind === 'alignment') return `${article(t.alignment)} group`;
	return join(t.cards.map((/** @type {string} */ id) => names.get(id)));
}

/** @type {Record<string, (a: any, names: Map<string, string>) => string>} */
const ABILITY_TEXT = {
	attackBonus: (a, names) =>
		`+${a.value} ${a.scope === 'direct' ? 'when this card itself tries' : 'on any attempt'} to ${join(a.attacks)} ${targetText(a.target, names)}.`,
	countsAsAlignment: (a) =>
		`Counts as ${a.alignment} when it tries to ${join(a.attacks)} ${article(a.targetAlignment)} group.`,
	conditionalResistance: (a) =>
		`Resistance rises to ${a.resistance} against an attacker that is ${join(a.attackerAlignments)}.`,
	resistanceBonusToOwnGroups: (a) => `Every other group of its owner gets +${a.value} Resistance.`,
	transferToAnyOwnGroup: () => 'Can move money to any group of its power structure, adjacent or not.',
	tax: (a) => `On its owner's income step, each other player pays ${a.amount} MB to it.`,
	upkeep: (a) => `Costs ${a.amount} MB on each income step, paid by its master or its owner's Illuminati.`,
	payToDraw: (a) =>
		`On its owner's turn, pay ${a.cost} MB from this group to draw ${plural(a.cards, 'card')}; this is not an action.`,
	alignmentEdit: (a) =>
		`${times(a.usesPerTurn)} per turn, may add, remove or reverse one alignment of another group until the end of the turn.`,
	privilegedAttack: (a) =>
		`${times(a.perTurn)} per turn, may pay ${a.cost} MB to make an attack privileged: no one may interfere.`,
	reorganizeAtEndOfTurn: () =>
		'At the end of its turn, may rearrange its power structure for free.',
	moveMoneyAtEndOfTurn: () =>
		'At the end of its turn, may move money freely between its own treasuries.',
	extraDraw: (a) => `Draws ${plural(a.cards, 'extra card')} each turn.`,
	multipleAttacks: (a) =>
		`The Illuminati card itself may attack or aid ${times(a.attacksPerTurn).toLowerCase()} per turn.`,
	immunity: (a) =>
		`No ${join(a.fromAlignments)} group may attack its power structure or aid such an attack.`
};

/** @param {any} a @param {Map<string,string>} names @returns {string} */
function abilityText(a, names) {
	const text = ABILITY_TEXT[a.kind];
	return text ? text(a, names) : fail(`no summary for ability ${a.kind}`);
}

/** @param {any} g @returns {string} */
function goalText(g) {
	switch (g.kind) {
		case 'totalPower':
			return `Control a total Power of ${g.threshold} or more, counting the Illuminati's own.`;
		case 'allAlignments':
			return 'Control at least one group of every alignment; a group counts for each of its alignments.';
		case 'alignmentCount':
			return `Control ${g.count} ${g.alignment} groups.`;
		case 'treasuryTotal':
			return `Hold ${g.threshold} MB or more across all treasuries of the power structure.`;
		case 'totalTransferable':
			return `Control a total transferable Power of ${g.threshold} or more, counting the Illuminati's own.`;
		case 'destroyCount':
			return `Destroy ${g.count} groups.`;
		case 'secretChoice':
			return 'At the start, secretly adopt the special goal of one of the other seven Illuminati.';
		default:
			return fail(`no summary for goal ${g.kind}`);
	}
}

const TIMING_TEXT = {
	afterRoll: 'Right after any attack roll',
	ownTurnAction: 'On your turn, as one of your actions',
	anyTime: 'At any time',
	afterPrivilege: 'After an attack has been declared privileged',
	privilegedAttack: 'During a privileged attack',
	ownIncome: 'On your income step',
	whenSpecialPlayed: 'When another special card is played',
	startOfOtherTurn: "At the start of another player's turn",
	ownTurn: 'On your turn'
};

/** @type {Record<string, (e: any) => string>} */
const EFFECT_TEXT = {
	setRoll: (e) => `the dice count as ${e.value}`,
	bribery: () => 'take over one uncontrolled group without a roll',
	inspect: () => "look at the money on one group, or at all of one player's special cards",
	abolishPrivilege: () => 'the attack stops being privileged for good',
	interfereInPrivileged: () => 'you may interfere in it anyway',
	doubleIncome: () => 'your groups collect double income this turn',
	revive: () => 'bring one destroyed group back to the uncontrolled area',
	cancelSpecial: () => 'cancel it; both cards are discarded',
	skipTurn: () => 'that player loses the turn',
	gainMoney: (e) => `put ${e.amount} MB into your Illuminati treasury`,
	destroyPowerless: () => 'one of your groups may try to destroy a group with no Power (the attack uses an action)',
	reorganizeMoney: (e) => `rearrange the money of all your treasuries and add ${e.bonus} MB where you like`
};

/** @param {any} e @returns {string} */
function effectText(e) {
	const text = EFFECT_TEXT[e.kind];
	return text ? text(e) : fail(`no summary for effect ${e.kind}`);
}

// ---------------------------------------------------------------- literal printer

/** @param {any} v @returns {string} */
function inline(v) {
	if (v === null) return 'null';
	if (typeof v === 'string') {
		const body = v.replace(/\\/g, '\\\\');
		return v.includes("'") && !v.includes('"') ? `"${body}"` : `'${body.replace(/'/g, "\\'")}'`;
	}
	if (typeof v === 'number') {
		if (!Number.isInteger(v)) fail(`non-integer number ${v} in data`);
		return String(v);
	}
	if (typeof v === 'boolean') return String(v);
	if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
	const entries = Object.entries(v).map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : inline(k)}: ${inline(x)}`);
	return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** @param {any} v @param {number} depth @returns {string} */
function print(v, depth) {
	const flat = inline(v);
	if (v === null || typeof v !== 'object' || flat.length + depth * 4 <= 100) return flat;
	const pad = '\t'.repeat(depth + 1);
	const end = '\t'.repeat(depth);
	if (Array.isArray(v)) return `[\n${v.map((x) => pad + print(x, depth + 1)).join(',\n')}\n${end}]`;
	const lines = Object.entries(v).map(([k, x]) => `${pad}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : inline(k)}: ${print(x, depth + 1)}`);
	return `{\n${lines.join(',\n')}\n${end}}`;
}

// ---------------------------------------------------------------- main

/** At most this many groups per generated file (files stay under 400 lines). */
const GROUPS_PER_FILE = 22;

/**
 * Turns the parsed classic.json into the card data modules: the text of each file, by its path
 * under src/lib/engine/cards/ (data/illuminati.ts, data/groups-N.ts and data/groups.ts,
 * data/specials.ts, data/names-fr.ts, data/summaries.ts). Pure: same input, same output. Throws on anything it does
 * not understand.
 * @param {any} json
 * @returns {Record<string, string>}
 */
export function generateCardModules(json) {
	for (const key of ['illuminati', 'groups', 'specials']) if (!Array.isArray(json?.[key])) fail(`missing array '${key}'`);
	const all = [...json.illuminati, ...json.groups, ...json.specials];
	/** @type {Map<string,string>} */
	const names = new Map();
	for (const c of all) {
		if (typeof c.id !== 'string' || typeof c.name !== 'string') fail(`card without id/name: ${JSON.stringify(c).slice(0, 80)}`);
		if (names.has(c.id)) fail(`duplicate id ${c.id}`);
		names.set(c.id, c.name);
	}
	const ids = new Set(names.keys());
	let index = 0;
	/** @param {any} c */
	const nameFr = (c) => (typeof c.name_fr === 'string' ? c.name_fr : null);

	const illuminati = json.illuminati.map((/** @type {any} */ c) => {
		const out = (c.arrows?.out ?? []).map((/** @type {any} */ s) => side(s, c.id));
		if (c.arrows?.in !== null || out.length !== 4) fail(`illuminati ${c.id}: expected four outward arrows and no inward one`);
		const abilities = (c.ability ?? []).map((/** @type {any} */ a) => illuminatiAbility(a, c, ids));
		const g = goal(c.goal, c.id);
		return {
			id: c.id,
			index: index++,
			kind: 'illuminati',
			name: c.name,
			power: int(c, 'power', c.id),
			transferable: int(c, 'transferable', c.id),
			income: int(c, 'income', c.id),
			arrows: { out },
			abilities,
			goal: g
		};
	});

	const groups = json.groups.map((/** @type {any} */ c) => {
		if (c.arrows?.sides_known !== true) fail(`group ${c.id}: arrow sides unknown`);
		const inSide = side(c.arrows.in, c.id);
		const out = c.arrows.out.map((/** @type {any} */ s) => side(s, c.id));
		const abilities = (c.ability ?? []).map((/** @type {any} */ a) => groupAbility(a, c, ids));
		let income = int(c, 'income', c.id);
		if (income < 0) {
			// Post Office: printed negative income becomes income 0 plus an upkeep of the same size.
			const upkeep = abilities.find((/** @type {any} */ a) => a.kind === 'upkeep');
			if (!upkeep || upkeep.amount !== -income) fail(`group ${c.id}: negative income ${income} without a matching upkeep ability`);
			income = 0;
		}
		return {
			id: c.id,
			index: index++,
			kind: 'group',
			name: c.name,
			power: int(c, 'power', c.id),
			transferable: int(c, 'transferable', c.id),
			resistance: int(c, 'resistance', c.id),
			income,
			alignments: (c.alignments ?? []).map((/** @type {any} */ a) => alignment(a, c.id)),
			arrows: { in: inSide, out },
			abilities
		};
	});

	const specials = json.specials.map((/** @type {any} */ c) => {
		if (c.copies !== 1) fail(`special ${c.id}: expected one entry per physical card, got copies=${c.copies}`);
		const e = effect(c.effect, c.id);
		const t = timing(c.timing, c.id);
		return {
			id: c.id,
			index: index++,
			kind: 'special',
			name: c.name,
			effect: e,
			timing: t.timing,
			isAction: t.isAction
		};
	});

	// French names where the data set has one, kept apart from the engine's data too: the UI loads
	// them with the French messages (ui/cards/names-fr.ts).
	/** @type {Record<string, string>} */
	const frenchNames = {};
	for (const c of all) if (nameFr(c) !== null) frenchNames[c.id] = /** @type {string} */ (nameFr(c));

	// Our own English summaries, kept apart from the engine's data (nothing in the game reads them:
	// the UI words every card's text in each language, ui/cards/abilities.ts).
	/** @type {Record<string, { summary: string, goal?: string }>} */
	const summaries = {};
	for (const c of [...illuminati, ...groups]) summaries[c.id] = { summary: c.abilities.map((/** @type {any} */ a) => abilityText(a, names)).join(' ') };
	for (const c of illuminati) summaries[c.id] = { ...summaries[c.id], goal: goalText(c.goal) };
	for (const c of specials) summaries[c.id] = { summary: `${TIMING_TEXT[/** @type {keyof typeof TIMING_TEXT} */ (c.timing)]}: ${effectText(c.effect)}.` };

	const header = (/** @type {string} */ what) => [
		'// generated by scripts/gen-cards.mjs from shared/cards/classic.json; do not edit',
		`// ${what}`,
		''
	];
	/** @param {string} name @param {string} type @param {any[]} list @param {string} what */
	const module = (name, type, list, what) =>
		[...header(what), `import type { ${type} } from '../types.js';`, '', `export const ${name}: readonly ${type}[] = ${print(list, 0)};`, ''].join('\n');
	/** @type {Record<string, string>} */
	const files = {
		'data/illuminati.ts': module('ILLUMINATI', 'IlluminatiCard', illuminati, 'The eight classic Illuminati: card facts from the shared data set (see ../PROVENANCE.md).'),
		'data/specials.ts': module('SPECIALS', 'SpecialCard', specials, 'The fifteen Special cards: card facts from the shared data set (see ../PROVENANCE.md).')
	};
	// Groups in parts of at most GROUPS_PER_FILE, so that every file stays short.
	const parts = Math.ceil(groups.length / GROUPS_PER_FILE);
	const size = Math.ceil(groups.length / parts);
	for (let part = 0; part < parts; part++) {
		const list = groups.slice(part * size, (part + 1) * size);
		files[`data/groups-${part + 1}.ts`] = module(`GROUPS_${part + 1}`, 'GroupCard', list, `Groups ${list[0].index - illuminati.length + 1} to ${list[list.length - 1].index - illuminati.length + 1} of ${groups.length}: card facts from the shared data set (see ../PROVENANCE.md).`);
	}
	const imports = Array.from({ length: parts }, (_, i) => `import { GROUPS_${i + 1} } from './groups-${i + 1}.js';`);
	files['data/groups.ts'] = [
		...header('The classic deck\'s groups, in card order: the parts in groups-*.ts.'),
		"import type { GroupCard } from '../types.js';",
		...imports,
		'',
		`export const GROUPS: readonly GroupCard[] = [${Array.from({ length: parts }, (_, i) => `...GROUPS_${i + 1}`).join(', ')}];`,
		''
	].join('\n');
	files['data/names-fr.ts'] = [
		...header('French card names from the shared data set where it has one (see ../PROVENANCE.md).\n// Not part of the engine\'s card data: the UI loads them with the French messages (ui/cards/names-fr.ts).'),
		"import type { CardId } from '../types.js';",
		'',
		`export const FRENCH_NAMES: Readonly<Record<CardId, string>> = ${print(frenchNames, 0)};`,
		''
	].join('\n');
	files['data/summaries.ts'] = [
		...header('Our own English summary of every classic card, made from its structured data (goal: the Illuminati\'s goal).\n// Not part of the engine\'s card data, so not in the game\'s scripts: the UI words card texts in each language.'),
		"import type { CardId } from '../types.js';",
		'',
		`export const CLASSIC_SUMMARIES: Readonly<Record<CardId, { readonly summary: string; readonly goal?: string }>> = ${print(summaries, 0)};`,
		''
	].join('\n');
	return files;
}

/** The card fields the generator reads; everything else (summaries, provenance, notes) is left out. */
const FACT_FIELDS = {
	illuminati: ['id', 'name', 'name_fr', 'power', 'transferable', 'income', 'arrows', 'ability', 'goal'],
	groups: ['id', 'name', 'name_fr', 'power', 'transferable', 'resistance', 'income', 'alignments', 'arrows', 'ability'],
	specials: ['id', 'name', 'name_fr', 'copies', 'timing', 'effect']
};
const ARROW_FIELDS = ['in', 'out', 'sides_known'];

/**
 * The facts of a classic.json that the generator uses, and nothing else: the shape of
 * tests/fixtures/cards/classic.facts.json. Pure; cardFacts(cardFacts(j)) equals cardFacts(j), and
 * generateCardModules gives the same modules for both.
 * @param {any} json
 * @returns {{ about: string, illuminati: any[], groups: any[], specials: any[] }}
 */
export function cardFacts(json) {
	/** @param {any} obj @param {readonly string[]} keys */
	const pick = (obj, keys) => Object.fromEntries(keys.filter((k) => obj?.[k] !== undefined).map((k) => [k, obj[k]]));
	/** @param {'illuminati' | 'groups' | 'specials'} kind */
	const cards = (kind) => {
		if (!Array.isArray(json?.[kind])) fail(`missing array '${kind}'`);
		return json[kind].map((/** @type {any} */ c) => {
			const out = pick(c, FACT_FIELDS[kind]);
			if (out.arrows) out.arrows = pick(out.arrows, ARROW_FIELDS);
			return out;
		});
	};
	return {
		about: 'Card facts of shared/cards/classic.json that scripts/gen-cards.mjs reads (written by it; do not edit).',
		illuminati: cards('illuminati'),
		groups: cards('groups'),
		specials: cards('specials')
	};
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
	const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
	const shared = resolve(root, '../shared/cards/classic.json');
	const factsFile = resolve(root, 'tests/fixtures/cards/classic.facts.json');
	const input = resolve(process.argv[2] ?? (existsSync(shared) ? shared : factsFile));
	const output = resolve(root, 'src/lib/engine/cards');
	const facts = cardFacts(JSON.parse(readFileSync(input, 'utf8')));
	for (const [file, text] of Object.entries(generateCardModules(facts))) {
		mkdirSync(dirname(resolve(output, file)), { recursive: true });
		writeFileSync(resolve(output, file), text);
	}
	console.log(`gen-cards: wrote ${output}/data/*.ts from ${input}`);
	if (input !== factsFile) {
		mkdirSync(dirname(factsFile), { recursive: true });
		writeFileSync(factsFile, `${JSON.stringify(facts, null, '\t')}\n`);
		console.log(`gen-cards: wrote ${factsFile}`);
	}
}

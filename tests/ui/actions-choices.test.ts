// The action panel's choices, table-driven over seeded bot games (tests/ui/actions-states.ts):
// every entry the engine lists for a seat lands in exactly one choice, its controls reach it, and
// everything those controls can send is accepted by `step`. Each test names its game's seed.
import { describe, expect, it } from 'vitest';
import { legalActions, step, type PlayerAction } from '../../src/lib/engine/index.js';
import { LOCALES, setLocale, getLocale } from '../../src/lib/ui/i18n/index.js';
import { TOPICS, TOPIC_OF, automaticPass, choiceKey, groupChoices, type ChoiceKind } from '../../src/lib/ui/actions/choices.js';
import { legalLabel, specialTarget } from '../../src/lib/ui/actions/labels.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { uiPath } from './actions-paths.js';
import { allSampledStates, SCENARIOS, type SampledState } from './actions-states.js';

const states = allSampledStates();
const SEEDS = [...SCENARIOS.map((s) => s.seed), 'crafted-abolish', 'crafted-claim', 'crafted-absent'];
const bySeed = (seed: string): SampledState[] => states.filter((s) => s.seed === seed);

/** Every kind of choice the panel has a control for (TOPIC_OF lists them all). */
const KINDS = Object.keys(TOPIC_OF) as ChoiceKind[];

/** The secret field a device fills in itself (needsSecret) is not compared. */
function withoutSecret(action: PlayerAction): PlayerAction {
	if (action.type === 'commitGoal') return { ...action, commitment: '' };
	if (action.type === 'revealGoal') return { ...action, salt: '' };
	return action;
}

describe('grouping legal actions into choices', () => {
	it('the sampled states offer every kind of choice at least once (else the tests below prove little)', () => {
		const seen = new Set(states.flatMap((s) => s.state.players.flatMap((p) => groupChoices(legalActions(s.state, p.seat)).map((c) => c.kind))));
		expect(KINDS.filter((kind) => !seen.has(kind))).toEqual([]);
	});

	for (const seed of SEEDS) {
		it(`every listed entry lands in exactly one choice, keys unique, in a known topic (seed ${seed})`, () => {
			for (const sample of bySeed(seed)) {
				for (const player of sample.state.players) {
					const legal = legalActions(sample.state, player.seat);
					const choices = groupChoices(legal);
					const placed = choices.flatMap((choice) => choice.options);
					expect(placed.length, `seed ${seed} entry ${sample.index} seat ${player.seat}`).toBe(legal.length);
					expect(new Set(placed)).toEqual(new Set(legal));
					expect(new Set(choices.map((c) => c.key)).size).toBe(choices.length);
					for (const choice of choices) {
						expect(TOPICS).toContain(choice.topic);
						for (const entry of choice.options) expect(choiceKey(entry)).toBe(choice.key);
					}
				}
			}
		});

		it(`the controls reach every listed entry, and everything they send is accepted by step (seed ${seed})`, () => {
			for (const sample of bySeed(seed)) {
				for (const player of sample.state.players) {
					const secret = sample.secrets.get(player.seat);
					for (const choice of groupChoices(legalActions(sample.state, player.seat))) {
						for (const legal of choice.options) {
							const where = `seed ${seed} entry ${sample.index} seat ${player.seat} ${JSON.stringify(legal.action)}`;
							const path = uiPath(sample.state, player.seat, choice, legal, secret);
							const secretless = legal.action.type === 'revealGoal' && secret?.goal !== legal.action.goal;
							if (secretless) {
								expect(path.canonical, where).toBeNull();
								continue;
							}
							expect(path.canonical, where).not.toBeNull();
							expect(withoutSecret(path.canonical!), where).toEqual(withoutSecret(legal.action));
							for (const action of [path.canonical!, ...path.variants]) {
								const result = step(sample.state, action);
								expect(result.ok ? 'ok' : `${result.error.code}: ${result.error.message}`, `${where} sent ${JSON.stringify(action)}`).toBe('ok');
							}
						}
					}
				}
			}
		});
	}

	it('passes on its own only when a pass (a Specials window or an attack\'s spending) is all a seat is waited for', () => {
		const automatic = { passWindow: 0, passSpending: 0 };
		const ALWAYS_OPEN = ['revealGoal', 'offer', 'answerOffer', 'withdrawOffer', 'give', 'leave', 'declareAbsent', 'returnPresent'];
		for (const sample of states) {
			for (const player of sample.state.players) {
				const legal = legalActions(sample.state, player.seat);
				const pass = automaticPass(legal);
				const kinds = new Set(groupChoices(legal).map((c) => c.kind));
				if (pass === null) {
					for (const kind of ['passWindow', 'passSpending']) expect(kinds.has(kind as ChoiceKind) && [...kinds].every((k) => [kind, ...ALWAYS_OPEN].includes(k))).toBe(false);
					continue;
				}
				expect(['passWindow', 'passSpending']).toContain(pass.type);
				automatic[pass.type as keyof typeof automatic]++;
				expect(kinds.has('playSpecial') || kinds.has('spend') || kinds.has('abolishPrivilege') || kinds.has('aid')).toBe(false);
			}
		}
		expect(automatic.passWindow).toBeGreaterThan(0);
		expect(automatic.passSpending).toBeGreaterThan(0);
	});
});

describe('labels', () => {
	failOnMissingMessages();

	it.each(LOCALES)('every listed entry has a label in %s, with no missing message', (locale) => {
		const before = getLocale();
		setLocale(locale);
		try {
			for (const sample of states.filter((_, i) => i % 3 === 0)) {
				for (const player of sample.state.players) {
					for (const legal of legalActions(sample.state, player.seat)) {
						const label = legalLabel(sample.state, legal);
						expect(label.trim(), `seed ${sample.seed} entry ${sample.index}: ${legal.action.type}`).not.toBe('');
						expect(label).not.toMatch(/actions\.|\{[a-z]+\}/);
					}
				}
			}
		} finally {
			setLocale(before);
		}
	});
	it.each(LOCALES)('Computer Espionage names both of its uses in %s: a look at a hand, a look at the money on a group', (locale) => {
		const before = getLocale();
		setLocale(locale);
		try {
			const state = states[0]!.state;
			const group = state.players[1]!.illuminati!;
			const money = specialTarget(state, { type: 'playSpecial', seat: 0, card: 'computer-espionage', target: group });
			const hand = specialTarget(state, { type: 'playSpecial', seat: 0, card: 'computer-espionage', player: 1 });
			const other = specialTarget(state, { type: 'playSpecial', seat: 0, card: 'deep-agent', target: group });
			expect(money).not.toBe(other);
			expect(money).not.toBe(hand);
			expect(money).toMatch(/money|argent|dinero/);
		} finally {
			setLocale(before);
		}
	});
});

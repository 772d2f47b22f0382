// The odds the action panel shows, over seeded bot games: before declaring, the builder's odds are
// the engine's odds of the attack once declared; while money is spent, each preview moves the
// number needed the way Attacks (spending money) and Interference say; the text shows n/36.
import { describe, expect, it } from 'vitest';
import { attackOdds, legalActions, step, type GameState, type Seat } from '../../src/lib/engine/index.js';
import {
	EMPTY_DRAFT,
	aidCandidatesOf,
	buildAttack,
	chooseAttacker,
	choosePrivilege,
	chooseTarget,
	chooseVariant,
	declarationOf,
	declarations,
	draftOdds,
	stepOf,
	toggleAid,
	variantsOf,
} from '../../src/lib/ui/actions/attack-builder.js';
import { odds as oddsText } from '../../src/lib/ui/actions/labels.js';
import { currentOdds, previewOdds, roleIn, spendAction, spendSources } from '../../src/lib/ui/actions/spending.js';
import { allSampledStates } from './actions-states.js';

const states = allSampledStates();

/** Every declaration's draft with every listed aid, as the builder would hold it at the aid step. */
function drafts(state: GameState, seat: Seat) {
	const decls = declarations(legalActions(state, seat));
	return decls.flatMap((decl) => {
		let draft = chooseTarget(decls, chooseAttacker(decls, EMPTY_DRAFT, decl.action.attacker), decl.action.target);
		const variant = variantsOf(decls, draft.attacker, draft.target).find((v) => v.kind === decl.action.kind && v.whispering === (decl.action.whispering === true))!;
		draft = chooseVariant(decls, draft, variant);
		if (stepOf(decls, draft) === 'privilege') draft = choosePrivilege(decls, draft, null);
		const full = aidCandidatesOf(declarationOf(decls, draft)).reduce((d, card) => toggleAid(decls, d, card), draft);
		return [{ decls, draft }, { decls, draft: full }];
	});
}

describe('odds shown while declaring an attack', () => {
	it('equal the engine’s odds of the attack once declared, with and without every aid', () => {
		let checked = 0;
		for (const sample of states) {
			const seat = sample.state.turn?.seat;
			if (seat === undefined) continue;
			for (const { decls, draft } of drafts(sample.state, seat)) {
				const shown = draftOdds(sample.state, seat, draft)!;
				const result = step(sample.state, buildAttack(decls, draft)!);
				expect(result.ok, `seed ${sample.seed} entry ${sample.index}`).toBe(true);
				if (!result.ok || result.state.phase.kind !== 'attack') continue;
				expect(shown, `seed ${sample.seed} entry ${sample.index} ${JSON.stringify(draft)}`).toEqual(attackOdds(result.state, result.state.phase.attack));
				checked++;
			}
		}
		expect(checked).toBeGreaterThan(100);
	});

	it('name the number needed and the chance out of 36', () => {
		const sample = states.find((s) => s.state.phase.kind === 'attack')!;
		const odds = currentOdds(sample.state)!;
		expect(oddsText(odds)).toContain(`${odds.probability.numerator}/36`);
		expect(oddsText(odds)).toContain(String(odds.needed));
	});
});

describe('odds previewed while spending', () => {
	/** Basic Rules: Attacks — attacker +1 per MB; defender −2 per MB from the target, −1 from its Illuminati;
	 * Interference: ±1 per MB from another player's Illuminati. */
	const EFFECT = { attacker: 1, target: -2, defenderIlluminati: -1, for: 1, against: -1 } as const;

	it('move the number needed by the amount the rules give each MB (1 and the most listed)', () => {
		const seen = new Set<string>();
		for (const sample of states) {
			const phase = sample.state.phase;
			if (phase.kind !== 'attack') continue;
			const before = currentOdds(sample.state)!;
			expect(before).toEqual(attackOdds(sample.state, phase.attack));
			for (const player of sample.state.players) {
				const role = roleIn(phase.attack, player.seat);
				for (const source of spendSources(legalActions(sample.state, player.seat))) {
					const effect =
						source.side !== undefined ? EFFECT[source.side] : role === 'attacker' ? EFFECT.attacker : source.from === phase.attack.target ? EFFECT.target : EFFECT.defenderIlluminati;
					seen.add(source.side ?? (role === 'attacker' ? 'attacker' : source.from === phase.attack.target ? 'target' : 'defenderIlluminati'));
					for (const amount of new Set([1, source.max])) {
						const after = previewOdds(sample.state, spendAction(source, amount));
						expect(after?.needed, `seed ${sample.seed} entry ${sample.index} seat ${player.seat} ${source.from} ${amount}`).toBe(before.needed + effect * amount);
					}
				}
			}
		}
		expect([...seen].sort()).toEqual(['against', 'attacker', 'defenderIlluminati', 'for', 'target']);
	});

	it('is null for an amount the engine refuses', () => {
		const sample = states.find((s) => s.state.phase.kind === 'attack' && spendSources(legalActions(s.state, s.state.phase.attack.seat)).length > 0)!;
		const phase = sample.state.phase as Extract<GameState['phase'], { kind: 'attack' }>;
		const source = spendSources(legalActions(sample.state, phase.attack.seat))[0]!;
		expect(previewOdds(sample.state, spendAction(source, source.max + 1))).toBeNull();
		expect(previewOdds(sample.state, spendAction(source, 0))).toBeNull();
	});
});

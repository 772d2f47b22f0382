/**
 * Red team, secret goals (Basic Rules, UFOs; Advanced Rules, Hidden Goals; Hidden Illuminati): a
 * goal commitment is sha256("goal:salt") (engine/setup.ts `goalCommitment`), bound to neither seat
 * nor game. A hostile seat that commits after another could copy the other's digest; once the other
 * reveals (goal and salt public in the log) it could open the copy too, claiming the same goal in
 * the same claim window without ever having chosen one. The engine refuses a digest already
 * committed in the game (DUPLICATE_COMMITMENT). Also: a reveal replayed by another seat, a second
 * reveal, and a commitment re-made are refused.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, goalCommitment, initialState, step, withDefaults, type Action, type GameState } from '../../src/lib/engine/index.js';
import { commitGoals as commitHiddenGoals, must } from '../helpers/hidden-illuminati.js';
import { expectRefused, play } from '../helpers/scenario.js';

const ANN_SALT = 'a3f1c0de5eed5a17a3f1c0de5eed5a17';
const BOB_SALT = '0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b';
const annCommitment = goalCommitment('gnomes-of-zurich', ANN_SALT);

/** Hidden Goals, three seats: every seat commits at setup, in seat order (ann first). */
function hiddenGoals(absence: GameState['options']['rules']['absence'] = DEFAULT_RULES.absence): GameState {
	return initialState({ players: 3, illuminati: ['network', 'bermuda-triangle', 'servants-of-cthulhu'], sandbox: true, rules: { ...DEFAULT_RULES, hiddenGoals: true, absence } });
}

/** Past the layout and the roll for first player, into the first turn. */
function started(state: GameState): GameState {
	return play(state, { type: 'fixed', cards: ['mafia', 'cia', 'yuppies', 'hackers'] }, { type: 'fixed', dice: [[6, 6], [1, 1], [1, 2]] });
}

describe('Red team: a secret-goal commitment is one seat\'s own', () => {
	it('a copied goal commitment is refused DUPLICATE_COMMITMENT and changes nothing', () => {
		const annCommitted = play(hiddenGoals(), { type: 'commitGoal', seat: 0, commitment: annCommitment });
		expect(annCommitted.phase).toEqual({ kind: 'ufoGoal', seat: 1 });
		const message = expectRefused(annCommitted, { type: 'commitGoal', seat: 1, commitment: annCommitment }, 'DUPLICATE_COMMITMENT');
		expect(message).toMatch(/Seat 0/);
		// Still bob's to commit, with a commitment of its own.
		const bobCommitted = play(annCommitted, { type: 'commitGoal', seat: 1, commitment: goalCommitment('gnomes-of-zurich', BOB_SALT) });
		expect(bobCommitted.phase).toEqual({ kind: 'ufoGoal', seat: 2 });
		// Nor can the third seat copy any earlier one.
		expectRefused(bobCommitted, { type: 'commitGoal', seat: 2, commitment: annCommitment }, 'DUPLICATE_COMMITMENT');
		expectRefused(bobCommitted, { type: 'commitGoal', seat: 2, commitment: goalCommitment('gnomes-of-zurich', BOB_SALT) }, 'DUPLICATE_COMMITMENT');
	});

	it('another seat replaying a revealed goal and salt is refused BAD_COMMITMENT; the goal is revealed once', () => {
		let state = play(
			hiddenGoals(),
			{ type: 'commitGoal', seat: 0, commitment: annCommitment },
			{ type: 'commitGoal', seat: 1, commitment: goalCommitment('network', BOB_SALT) },
			{ type: 'commitGoal', seat: 2, commitment: goalCommitment('network', `${BOB_SALT}2`) },
		);
		state = started(state);
		const revealed = play(state, { type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt: ANN_SALT });
		expect(revealed.players[0]!.revealedGoal).toBe('gnomes-of-zurich');
		// Ann's reveal, now public, replayed as bob's and cyd's own.
		for (const seat of [1, 2]) expectRefused(revealed, { type: 'revealGoal', seat, goal: 'gnomes-of-zurich', salt: ANN_SALT }, 'BAD_COMMITMENT');
		expectRefused(revealed, { type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt: ANN_SALT }, 'NOT_APPLICABLE');
		expect(revealed.players.map((p) => p.revealedGoal)).toEqual(['gnomes-of-zurich', null, null]);
	});

	it('a commitment cannot be re-made: not while another seat chooses, not once play began', () => {
		const annCommitted = play(hiddenGoals(), { type: 'commitGoal', seat: 0, commitment: annCommitment });
		const other = goalCommitment('network', ANN_SALT);
		expectRefused(annCommitted, { type: 'commitGoal', seat: 0, commitment: other }, 'NOT_YOUR_TURN');
		const all = play(annCommitted, { type: 'commitGoal', seat: 1, commitment: goalCommitment('network', BOB_SALT) }, { type: 'commitGoal', seat: 2, commitment: goalCommitment('network', `${BOB_SALT}2`) });
		expectRefused(all, { type: 'commitGoal', seat: 0, commitment: other }, 'RANDOMNESS_EXPECTED');
		expectRefused(started(all), { type: 'commitGoal', seat: 0, commitment: other }, 'WRONG_PHASE');
		expect(started(all).players[0]!.goalCommitment).toBe(annCommitment);
	});

	it('under Hidden Illuminati every seat commits, and none may copy another', () => {
		let state = initialState(withDefaults({ players: 3, illuminati: 'random', secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } }));
		state = must(state, { type: 'dealIlluminati' } as unknown as Action);
		expect(state.phase).toEqual({ kind: 'ufoGoal', seat: 0 });
		state = must(state, { type: 'commitGoal', seat: 0, commitment: annCommitment });
		const copied = step(state, { type: 'commitGoal', seat: 1, commitment: annCommitment });
		expect(copied.ok ? null : copied.error.code).toBe('DUPLICATE_COMMITMENT');
		// The game goes on with bob's own commitment (the helper's salts differ by seat).
		expect(commitHiddenGoals(state).phase.kind).toBe('setup');
	});
});

describe('Red team: the duplicate refusal cannot be turned into a stall', () => {
	it('a seat that commits a later seat\'s absent-seat placeholder does not stop that seat\'s automatic commitment', () => {
		// absence.ts commits sha256("absent-seat:<seat>") for an absent seat: goalCommitment('absent-seat', seat).
		const placeholder = goalCommitment('absent-seat', '1');
		// Absent seats stay in the game (absence 'passTurns'), and the engine commits for them.
		const annCommitted = play(hiddenGoals('passTurns'), { type: 'commitGoal', seat: 0, commitment: placeholder });
		const bobAbsent = play(annCommitted, { type: 'declareAbsent', seat: 0, target: 1 }, { type: 'declareAbsent', seat: 2, target: 1 });
		expect(bobAbsent.players[1]!.absent).toBe(true);
		expect(bobAbsent.players[1]!.goalCommitment).toBe(placeholder);
		expect(bobAbsent.phase).toEqual({ kind: 'ufoGoal', seat: 2 });
		// Neither placeholder opens: 'absent-seat' is no card, let alone a goal.
		const all = started(play(bobAbsent, { type: 'commitGoal', seat: 2, commitment: goalCommitment('network', BOB_SALT) }));
		expectRefused(all, { type: 'revealGoal', seat: 0, goal: 'absent-seat', salt: '1' }, 'MALFORMED_ACTION');
	});
});

/**
 * The "new game" form as plain data, and the game it asks for: engine options, the seats this
 * device claims at once, whether the game goes online. Pure, so it is tested without a browser
 * and loads on the first page without the session layer.
 */
import { DEFAULT_RULES, LOG_BASE_RULES, NEW_GAME_RULES, type GameOptions, type RuleOptions, type Seat } from '../../engine/types.js';
import { NEW_GAME_PROTOCOL_RULES, type ProtocolRules } from '../../session/for-ui.js';
import { ILLUMINATED } from '../../engine/cards/illuminated.js';

export const MIN_SEATS = 2;
export const MAX_SEATS = 8;
export const MAX_GOAL_BONUS = 20;
/** Seconds before an automatic absence vote, online (the protocol accepts 0 to 3600; 0: never). */
export const DEFAULT_COUNTDOWN = 60;
export const MAX_COUNTDOWN = 3600;

/** The eight Illuminati of the classic deck, by engine card id (tests check them against the card data). */
export const ILLUMINATI_IDS = [
	'bavarian-illuminati',
	'bermuda-triangle',
	'discordian-society',
	'gnomes-of-zurich',
	'network',
	'servants-of-cthulhu',
	'society-of-assassins',
	'ufos'
] as const;

/** Illuminati a seat may be given: the classic eight and the FR add-on's illuminated groups the
 * rules allow (option `illuminated`). */
export function choosableIlluminati(rules: RuleOptions): string[] {
	return [...ILLUMINATI_IDS, ...rules.illuminated];
}

/** The rules with one illuminated group allowed or not (kept in the card data's order); with none
 * left, random draws cannot take them either. */
export function withIlluminated(rules: RuleOptions, id: string, allowed: boolean): RuleOptions {
	const illuminated = ILLUMINATED.map((card) => card.id).filter((other) => (other === id ? allowed : rules.illuminated.includes(other)));
	return { ...rules, illuminated, illuminatedInDraw: illuminated.length > 0 && rules.illuminatedInDraw };
}

export type PlayMode = 'online' | 'local';

/** Whether a new game's form starts with open hands (no secret deck): no, online games with other devices use the secret deck unless the box is ticked. */
export const OPEN_HANDS_BY_DEFAULT = false;

/**
 * The secret deck (issue 13, docs/deck.md) is for online games played by several devices: a hot
 * seat, a game against the computer on one device or a sandbox has no one to hide a hand from
 * (the hot seat hides it behind "pass the device"), and the table option "Open hands" leaves it out.
 */
export function usesSecretDeck(form: Pick<NewGameForm, 'mode' | 'openHands' | 'players'>, mine: number): boolean {
	return form.mode === 'online' && !form.openHands && mine < form.players;
}


export interface NewGameForm {
	/** online: players on other devices join by link; local: this device holds every seat (hot seat). */
	mode: PlayMode;
	players: number;
	/** Online only: how many seats this device claims now (several = hot seat on this device). */
	mine: number;
	illuminati: 'random' | 'chosen';
	/** One Illuminati id per seat ('' = not chosen yet); used when `illuminati` is 'chosen'. */
	chosen: string[];
	rules: RuleOptions;
	/** Online only: seconds a seat may keep the table waiting before the others' devices vote it absent (0: never). Hot seat: 0. */
	countdown: number;
	/** What befalls a seat caught equivocating (signing two versions of the game). */
	equivocation: ProtocolRules['equivocation'];
	title: string;
	/** Online with other devices only: hands drawn from a public pile instead of the secret deck (docs/deck.md). */
	openHands: boolean;
}

export type FormProblem = 'players' | 'mine' | 'illuminatiMissing' | 'illuminatiRepeated' | 'goalBonus' | 'countdown' | 'hiddenIlluminati';

export type NewGamePlan =
	| { ok: true; options: GameOptions; rules: ProtocolRules; seats: Seat[]; title: string; online: boolean }
	| { ok: false; problem: FormProblem; seat?: Seat };

export function defaultForm(): NewGameForm {
	return { mode: 'online', players: 4, mine: 1, illuminati: 'random', chosen: Array(4).fill(''), rules: { ...NEW_GAME_RULES }, countdown: DEFAULT_COUNTDOWN, equivocation: 'forfeit', title: '', openHands: OPEN_HANDS_BY_DEFAULT };
}

/** The chosen list for a new number of seats (kept choices stay, new seats start unchosen). */
export function resizeChosen(chosen: readonly string[], players: number): string[] {
	return Array.from({ length: Math.max(0, players) }, (_, i) => chosen[i] ?? '');
}

/** Checks the form and turns it into what GameSession.create needs; `defaultTitle` fills an empty title. */
export function planNewGame(form: NewGameForm, defaultTitle: string): NewGamePlan {
	const players = form.players;
	if (!Number.isInteger(players) || players < MIN_SEATS || players > MAX_SEATS) return { ok: false, problem: 'players' };
	const mine = form.mode === 'local' ? players : form.mine;
	if (!Number.isInteger(mine) || mine < 1 || mine > players) return { ok: false, problem: 'mine' };
	const bonus = form.rules.basicGoalBonus;
	if (!Number.isInteger(bonus) || bonus < 0 || bonus > MAX_GOAL_BONUS) return { ok: false, problem: 'goalBonus' };
	const countdown = form.mode === 'local' ? 0 : form.countdown;
	if (!Number.isInteger(countdown) || countdown < 0 || countdown > MAX_COUNTDOWN) return { ok: false, problem: 'countdown' };
	let illuminati: GameOptions['illuminati'] = 'random';
	if (form.illuminati === 'chosen') {
		const chosen = resizeChosen(form.chosen, players);
		const missing = chosen.findIndex((id) => !choosableIlluminati(form.rules).includes(id));
		if (missing >= 0) return { ok: false, problem: 'illuminatiMissing', seat: missing };
		const repeated = chosen.findIndex((id, i) => chosen.indexOf(id) !== i);
		if (repeated >= 0) return { ok: false, problem: 'illuminatiRepeated', seat: repeated };
		illuminati = chosen;
	}
	// Hidden Illuminati is secret only with the secret deck (docs/rules-differences.md, "Hidden Illuminati").
	if (form.rules.hiddenIlluminati === true && !usesSecretDeck(form, mine)) return { ok: false, problem: 'hiddenIlluminati' };
	const options: GameOptions = { players, illuminati, sandbox: false, rules: { ...form.rules }, ...(usesSecretDeck(form, mine) ? { secretDeck: true } : {}) };
	const seats = Array.from({ length: mine }, (_, seat) => seat);
	const title = form.title.trim().slice(0, 80) || defaultTitle;
	const rules: ProtocolRules = { ...NEW_GAME_PROTOCOL_RULES, equivocation: form.equivocation === 'frozen' ? 'frozen' : 'forfeit', countdown };
	return { ok: true, options, rules, seats, title, online: form.mode === 'online' };
}

/** Rule options whose value differs from the classic default (what a lobby lists). */
export function changedRules(rules: RuleOptions): (keyof RuleOptions)[] {
	// Compared as JSON: the list of illuminated groups (FR add-on) is an array.
	// The named options (LOG_BASE_RULES' keys); the later fixes are no choice of the players.
	return (Object.keys(LOG_BASE_RULES) as (keyof RuleOptions)[]).filter((key) => JSON.stringify(rules[key]) !== JSON.stringify(DEFAULT_RULES[key]));
}

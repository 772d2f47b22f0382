/**
 * Secret goals (Basic Rules: the UFOs' special goal; Advanced Rules: Secret Goals). At the start
 * the player commits to a goal with a salted hash; later it reveals goal and salt. The secret
 * never enters the state: the device keeps it and the panel fills it in (`needsSecret`).
 */
import { goalCommitment, type CardId, type CommitGoalAction, type LegalAction, type RevealGoalAction } from '$lib/engine/index.js';
import { ufoGoalChoices } from '$lib/engine/victory.js';

export interface GoalSecret {
	readonly goal: CardId;
	readonly salt: string;
}

/** The goals one may choose: the special goals of the seven other Illuminati. */
export function goalChoices(): CardId[] {
	return ufoGoalChoices();
}

/** A fresh salt: 16 random bytes as hex, from the platform's cryptographic generator. */
export function newSalt(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
	return [...random(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function commitAction(legal: LegalAction, secret: GoalSecret): CommitGoalAction | null {
	if (legal.action.type !== 'commitGoal') return null;
	return { ...legal.action, commitment: goalCommitment(secret.goal, secret.salt) };
}

/** The listed reveal of the goal this device committed to, with its salt; null without a secret. */
export function revealAction(options: readonly LegalAction[], secret: GoalSecret | null | undefined): RevealGoalAction | null {
	if (!secret) return null;
	const listed = options.find((legal) => legal.action.type === 'revealGoal' && legal.action.goal === secret.goal);
	return listed === undefined ? null : { ...(listed.action as RevealGoalAction), salt: secret.salt };
}

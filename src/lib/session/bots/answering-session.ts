/**
 * The session a seated bot's driver plays through (driver.ts `DrivenSession`): the bot's own
 * GameSession, except while a lone absence vote stands against the bot (two members left, e.g. a
 * player and a bot another device drives; docs/protocol.md, "Two seats"). Its session's state then
 * has the vote's effect (the bot out of play, or forfeiting a roll in the voter's tail), so the bot
 * would never move again and the vote would stand, holding the order, until the game died. Here
 * the driver sees the game without the votes standing against the bot (`StallWatch.answeringState`)
 * and posts its move from there (`StallWatch.answer`): the move answers the vote, every peer holds
 * it void, and the game goes on with the bot in it.
 */
import { legalActions, type Seat } from '../../engine/index.js';
import { viewFor } from '../../engine/knowledge.js';
import type { GameSession } from '../game-session.js';
import type { DrivenSession } from './driver.js';

export function answeringSession(session: GameSession, bot: Seat): DrivenSession {
	const answering = (seat: Seat) => (seat === bot ? session.stall.answeringState(seat) : null);
	return {
		get state() {
			return answering(bot) ?? session.state;
		},
		get stateHash() {
			return session.stateHash;
		},
		get accepted() {
			return session.accepted;
		},
		get mySeats() {
			return session.mySeats;
		},
		get readOnly() {
			return session.readOnly;
		},
		get verifying() {
			return session.verifying;
		},
		get replayer() {
			return session.replayer;
		},
		legal(seat) {
			const state = answering(seat);
			return state === null ? session.legal(seat) : legalActions(state, seat);
		},
		view(seat) {
			const state = answering(seat);
			return state === null ? session.view(seat) : viewFor(state, seat, session.knowledge(seat));
		},
		act(seat, action) {
			return answering(seat) === null ? session.act(seat, action) : session.stall.answer(seat, action);
		},
		subscribe(listener) {
			return session.subscribe(listener);
		},
	};
}

/**
 * Linking devices by hand, as Svelte state over the net layer's Handshake, for one game's mesh.
 *
 * Host: `invite()` makes an invitation (QR code and text), `answer(text)` takes the guest's
 * answer; the link then joins the mesh. Guest: `accept(text)` answers an invitation; the link
 * joins the mesh once the host has taken the answer. A code pasted wrongly never costs the
 * invitation: the problem is shown and the same invitation still works.
 *
 * One HostLinking and at most one GuestLinking per mesh (`linkingFor`), so a pending invitation
 * survives the panel being closed or the page changing; they end with the mesh.
 */
import { Handshake, type Acceptance, type Invitation } from '../../net/handshake/index.js';
import type { Mesh } from '../../net/mesh/mesh.js';
import { problemOf, type LinkProblem } from './advice.js';
import { meshConfig } from '../../session/game-transport.js';

/**
 * idle · preparing: gathering this device's addresses · waiting: the code is shown, the other
 * device's code is awaited · linking: both codes applied, the connection is opening · linked ·
 * failed (see `failure`).
 */
export type LinkPhase = 'idle' | 'preparing' | 'waiting' | 'linking' | 'linked' | 'failed';

/** After this long "linking…" adds the network advice (Chromium may take ~11 s after a late answer). */
export const SLOW_LINK_MS = 15_000;

abstract class Linking {
	phase = $state<LinkPhase>('idle');
	/** The code this device shows (invitation or answer). */
	code = $state('');
	/** Why the last attempt failed (phase 'failed'). */
	failure = $state.raw<LinkProblem | null>(null);
	/** Still linking after SLOW_LINK_MS. */
	slow = $state(false);
	/** Devices linked by hand through this panel. */
	linked = $state(0);
	protected readonly mesh: Mesh;
	protected readonly handshake: Handshake;
	#slowTimer: ReturnType<typeof setTimeout> | null = null;
	/** Bumped by each new attempt: results of older ones only add their link. */
	protected attempt = 0;

	constructor(mesh: Mesh) {
		this.mesh = mesh;
		const config = meshConfig(mesh);
		this.handshake = new Handshake({ RTCPeerConnection: config.RTCPeerConnection, iceServers: config.iceServers, room: mesh.room });
	}

	protected start(): number {
		this.#stopSlow();
		this.failure = null;
		this.code = '';
		this.phase = 'preparing';
		return ++this.attempt;
	}

	protected linking(): void {
		if (this.phase !== 'waiting') return;
		this.phase = 'linking';
		this.#stopSlow();
		this.#slowTimer = setTimeout(() => (this.slow = this.phase === 'linking'), SLOW_LINK_MS);
	}

	/** Follows an attempt's link: adds it to the mesh when it opens, reports a failure. */
	protected follow(attempt: number, whenLinked: Promise<Parameters<Mesh['addLink']>[0]>): void {
		whenLinked.then(
			(link) => {
				this.mesh.addLink(link);
				this.linked++;
				if (attempt !== this.attempt) return;
				this.#stopSlow();
				this.phase = 'linked';
			},
			(error: unknown) => {
				if (attempt === this.attempt) this.fail(error);
			}
		);
	}

	protected fail(error: unknown): void {
		this.#stopSlow();
		this.failure = problemOf(error);
		this.phase = 'failed';
	}

	#stopSlow(): void {
		if (this.#slowTimer !== null) clearTimeout(this.#slowTimer);
		this.#slowTimer = null;
		this.slow = false;
	}

	close(): void {
		this.attempt++;
		this.#stopSlow();
		this.handshake.close();
	}
}

export class HostLinking extends Linking {
	/** When the shown invitation stops accepting answers (ms since 1970). */
	expiresAt = $state(0);
	/** A pasted answer that was refused (the invitation still waits). */
	answerProblem = $state.raw<LinkProblem | null>(null);
	#invitation: Invitation | null = null;

	/** Makes a new invitation (an unanswered earlier one is cancelled). */
	async invite(): Promise<void> {
		if (this.phase === 'waiting') this.#invitation?.cancel();
		const attempt = this.start();
		this.answerProblem = null;
		try {
			const invitation = await this.handshake.createInvitation();
			if (attempt !== this.attempt) return invitation.cancel();
			this.#invitation = invitation;
			this.code = invitation.text;
			this.expiresAt = invitation.expiresAt;
			this.phase = 'waiting';
			this.follow(attempt, invitation.whenLinked);
		} catch (error) {
			if (attempt === this.attempt) this.fail(error);
		}
	}

	/** Applies a pasted or scanned answer; false (and `answerProblem`) if it was refused. */
	async answer(text: string): Promise<boolean> {
		this.answerProblem = null;
		try {
			const answered = await this.handshake.completeInvitation(text);
			if (answered === this.#invitation) this.linking();
			return true;
		} catch (error) {
			this.answerProblem = problemOf(error);
			return false;
		}
	}
}

export class GuestLinking extends Linking {
	#acceptance: Acceptance | null = null;

	/** Answers an invitation (already checked to be for this game); the answer is `code`. */
	async accept(text: string): Promise<void> {
		if (this.phase === 'waiting') this.#acceptance?.cancel();
		const attempt = this.start();
		try {
			const acceptance = await this.handshake.acceptInvitation(text);
			if (attempt !== this.attempt) return acceptance.cancel();
			this.#acceptance = acceptance;
			this.code = acceptance.answerText;
			this.phase = 'waiting';
			this.follow(attempt, acceptance.whenLinked);
		} catch (error) {
			if (attempt === this.attempt) this.fail(error);
		}
	}
}

const registry = new WeakMap<Mesh, { host: HostLinking; guest: GuestLinking }>();

/** The linking state of a game's mesh (made on first use, closed with the mesh). */
export function linkingFor(mesh: Mesh): { host: HostLinking; guest: GuestLinking } {
	let entry = registry.get(mesh);
	if (!entry) {
		const made = { host: new HostLinking(mesh), guest: new GuestLinking(mesh) };
		entry = made;
		registry.set(mesh, made);
		const off = mesh.on('status', (status) => {
			if (status !== 'destroyed') return;
			off();
			made.host.close();
			made.guest.close();
		});
	}
	return entry;
}

// Drives device.ts processes for scenarios.ts: start, send commands, read state, wait.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { MeshLinkInfo } from '../../../src/lib/net/mesh/mesh.js';
import type { MeshReport } from '../../../src/lib/net/mesh/reports.js';

const DEVICE = fileURLToPath(new URL('./device.ts', import.meta.url));

export interface DeviceState {
	id: string;
	log: string[];
	linked: string[];
	links: MeshLinkInfo[];
	hasDataChannel: boolean;
	webrtcDataChannel: boolean | null;
}

type Reply = { ok: boolean; code?: string; message?: string } & Record<string, unknown>;

export class Device {
	readonly name: string;
	id = '';
	readonly reports: MeshReport[] = [];
	readonly #child: ChildProcess;
	readonly #waiting = new Map<number, (reply: Reply) => void>();
	#next = 1;

	private constructor(name: string, child: ChildProcess) {
		this.name = name;
		this.#child = child;
	}

	static start(name: string, room: string, signaling?: string): Promise<Device> {
		const args = ['--import', 'tsx', DEVICE, name, room, ...(signaling ? [signaling] : [])];
		const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
		const device = new Device(name, child);
		child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d.toString()}`));
		return new Promise((resolve, reject) => {
			child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
			createInterface({ input: child.stdout! }).on('line', (line) => {
				if (!line.startsWith('{')) return;
				const message = JSON.parse(line) as Record<string, unknown>;
				if (message.event === 'ready') {
					device.id = message.id as string;
					resolve(device);
				} else if (message.event === 'report') device.reports.push(message.report as MeshReport);
				else if (typeof message.reply === 'number') {
					device.#waiting.get(message.reply)?.(message as Reply);
					device.#waiting.delete(message.reply);
				}
			});
		});
	}

	call(cmd: string, extra: Record<string, unknown> = {}): Promise<Reply> {
		const id = this.#next++;
		return new Promise((resolve) => {
			this.#waiting.set(id, resolve);
			this.#child.stdin?.write(JSON.stringify({ id, cmd, ...extra }) + '\n');
		});
	}

	/** Like call, but throws on a failed reply. */
	async must(cmd: string, extra: Record<string, unknown> = {}): Promise<Reply> {
		const reply = await this.call(cmd, extra);
		if (!reply.ok) throw new Error(`${this.name} ${cmd}: ${reply.message}`);
		return reply;
	}

	async state(): Promise<DeviceState> {
		return (await this.must('state')) as unknown as DeviceState;
	}

	reported(code: string, peer?: string): MeshReport[] {
		return this.reports.filter((r) => r.code === code && (peer === undefined || r.peer === peer));
	}

	/** Ends the process at once, as a crash or a closed laptop lid would (no goodbye). */
	crash(): void {
		this.#child.kill('SIGKILL');
	}

	stop(): void {
		if (this.#child.exitCode === null) this.#child.kill('SIGTERM');
	}
}

/** Polls `check` until it returns true; throws after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<number> {
	const started = performance.now();
	while (!(await check())) {
		if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 25));
	}
	return performance.now() - started;
}

/** A manual handshake, host to guest, the texts passed as a player would copy them. */
export async function linkByHand(host: Device, guest: Device) {
	const invitation = await host.must('invite');
	const acceptance = await guest.must('accept', { text: invitation.text });
	const completion = await host.must('complete', { text: acceptance.answerText });
	return {
		offer: invitation.text as string,
		answer: acceptance.answerText as string,
		appliedMs: completion.appliedMs as number,
		linkedMs: completion.linkedMs as number
	};
}

/** The sorted logs of every device. */
export async function logsOf(devices: Device[]): Promise<string[][]> {
	return Promise.all(devices.map(async (d) => [...(await d.state()).log].sort()));
}

/** Waits until every device holds exactly `entries` (in any order). */
export async function converged(devices: Device[], entries: string[], timeoutMs = 10_000): Promise<number> {
	const want = JSON.stringify([...entries].sort());
	return until(`logs ${want}`, async () => (await logsOf(devices)).every((l) => JSON.stringify(l) === want), timeoutMs);
}

/** Waits until every device is linked to every other. */
export async function fullMesh(devices: Device[], timeoutMs = 10_000): Promise<number> {
	return until(
		'a full mesh',
		async () => {
			const states = await Promise.all(devices.map((d) => d.state()));
			return states.every((s, i) =>
				devices.every((other, j) => i === j || s.links.some((l) => l.peer === other.id && l.open))
			);
		},
		timeoutMs
	);
}

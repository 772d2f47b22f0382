// The app's addresses and what a player may paste to join.
import { describe, expect, it } from 'vitest';
import { gamePath, genesisPinFromInput, invitationFromInput, joinLink, joinPath, roomCodeFromInput } from '../../src/lib/ui/app/links.js';

describe('roomCodeFromInput', () => {
	it.each([
		['7KQ2MXH90D', '7KQ2MXH90D'],
		['7kq2m-xh90d', '7KQ2MXH90D'],
		['  7KQ2M XH90D ', '7KQ2MXH90D'],
		['https://fnord.example/join?room=7KQ2MXH90D', '7KQ2MXH90D'],
		['/join?x=1&room=7kq2m-xh90d#top', '7KQ2MXH90D'],
		['http://127.0.0.1:4173/play#/join/7KQ2MXH90D', '7KQ2MXH90D'],
		['/join?room=%E0%A4%A', null],
		['/join?room=', null],
		['hello', null],
		['', null]
	])('%j gives %j', (input, code) => {
		expect(roomCodeFromInput(input)).toBe(code);
	});
});

describe('paths and links', () => {
	it('puts game ids and room codes in query parameters', () => {
		expect(gamePath('ab_c-d')).toBe('/game?id=ab_c-d');
		expect(gamePath('a/b')).toBe('/game?id=a%2Fb');
		expect(joinPath('7KQ2MXH90D')).toBe('/join?room=7KQ2MXH90D');
		expect(joinLink('https://fnord.example/', '7KQ2MXH90D')).toBe('https://fnord.example/join?room=7KQ2MXH90D');
	});

	it('a share link reads back as its room code', () => {
		expect(roomCodeFromInput(joinLink('http://127.0.0.1:4173', 'ABCDEFGH12'))).toBe('ABCDEFGH12');
	});

	it('a share link carries the first 16 characters of the genesis id, which pin the game for the joiner; a typed code has no pin', () => {
		const genesis = 'Abc_def-0123456789xyzXYZ_-abcdefghijklmnopq';
		const link = joinLink('https://fnord.example', 'ABCDEFGH12', genesis);
		expect(link).toBe('https://fnord.example/join?room=ABCDEFGH12&g=Abc_def-01234567');
		expect(roomCodeFromInput(link)).toBe('ABCDEFGH12');
		expect(genesisPinFromInput(link)).toBe('Abc_def-01234567');
		expect(genesisPinFromInput('ABCDEFGH12')).toBeNull();
		expect(genesisPinFromInput('https://fnord.example/join?room=ABCDEFGH12&g=short')).toBeNull();
		expect(genesisPinFromInput('https://fnord.example/join?room=ABCDEFGH12&g=Abc_def-0123456!')).toBeNull();
	});
});

describe('invitationFromInput: a pasted handshake invitation goes to /link', () => {
	const cases: { input: string; expected: string | null }[] = [
		{ input: 'FI1ABC$*-.:09', expected: 'FI1ABC$*-.:09' },
		{ input: '  FI1XYZ  ', expected: 'FI1XYZ' },
		{ input: 'http://192.168.1.5:4173/link#FI1QRS', expected: 'FI1QRS' },
		{ input: 'FA1ABC', expected: null }, // an answer is pasted on the host's page, not here
		{ input: '7KQ2MXH90D', expected: null }, // a room code
		{ input: 'FI1 has spaces', expected: null }
	];
	for (const { input, expected } of cases) {
		it(`${JSON.stringify(input)} -> ${expected}`, () => expect(invitationFromInput(input)).toBe(expected));
	}
});

// Stepping through a history: each command and key leads to the expected position and never
// leaves 0..last; a position from the address is read within range.
import { describe, expect, it } from 'vitest';
import { clampPosition, commandForKey, move, positionFromParam, type StepCommand } from '../../src/lib/ui/history/stepper.js';

describe('history stepping', () => {
	it.each<[StepCommand, number, number, number]>([
		['first', 5, 9, 0],
		['previous', 5, 9, 4],
		['previous', 0, 9, 0],
		['next', 5, 9, 6],
		['next', 9, 9, 9],
		['last', 2, 9, 9],
		['back10', 4, 30, 0],
		['back10', 25, 30, 15],
		['forward10', 25, 30, 30],
		['forward10', 3, 30, 13],
		['next', 0, 0, 0],
	])('%s from %i (last %i) goes to %i', (command, from, last, to) => {
		expect(move(from, command, last)).toBe(to);
	});

	it.each([
		['ArrowLeft', 'previous'],
		['ArrowUp', 'previous'],
		['ArrowRight', 'next'],
		['ArrowDown', 'next'],
		['Home', 'first'],
		['End', 'last'],
		['PageUp', 'back10'],
		['PageDown', 'forward10'],
		['Enter', null],
		['a', null],
	])('the %s key means %s', (key, command) => {
		expect(commandForKey(key)).toBe(command);
	});

	it.each([
		[-3, 10, 0],
		[4.6, 10, 5],
		[12, 10, 10],
		[Number.NaN, 10, 10],
		[3, -1, 0],
	])('position %d is kept within 0..%i as %i', (position, last, expected) => {
		expect(clampPosition(position, last)).toBe(expected);
	});

	it.each([
		[null, 40, 40],
		['12', 40, 12],
		['400', 40, 40],
		['-2', 40, 40],
		['x', 40, 40],
	])('the address parameter %s (last %i) shows %i', (value, last, expected) => {
		expect(positionFromParam(value, last)).toBe(expected);
	});
});

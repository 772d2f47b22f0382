/** The developer's preview pages speak English only (they are not part of the product). */
const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;

export const actionsPreview = {
	title: 'Action panel preview',
	intro: 'A local hot-seat game run by the rules engine alone: play every seat from here. Cards the current step can use are pickable on the table.',
	seats: 'Seat shown',
	toAct: 'to act',
	follow: 'Follow the seat to act',
	autoPass: 'Pass automatically when a seat can only pass',
	dice: 'Sandbox dice',
	die: (n: number) => `Die ${n}`,
	random: 'random',
	nextDice: (a: number, b: number) => `The next attack roll shows ${a} and ${b}.`,
	seeded: 'The next attack roll is seeded.',
	restart: 'Start again',
	entries: (count: number) => plural(count, 'log entry', 'log entries')
};

export const tablePreview = {
	title: 'Table preview',
	intro: 'A seeded six-player bot game, stopped in the middle. Pick the seat you watch from and the card size; the benchmark replays the next states and times each update.',
	viewer: 'Watch as',
	spectator: 'Spectator',
	allSeats: 'Every seat',
	size: 'Card size',
	sizes: { small: 'Small', medium: 'Medium', large: 'Large' } as Record<string, string>,
	entry: (index: number, count: number) => `State ${index} of ${count}`,
	previous: 'Previous state',
	next: 'Next state',
	run: (count: number) => `Time ${count} updates`,
	running: 'Timing…',
	loading: 'Playing the sample game…',
	pickAttacker: 'Pick an attacker (the legal ones are selectable)',
	pickHint: (count: number) => (count === 0 ? 'No group may attack now: try another state.' : count === 1 ? '1 group may attack: select it.' : `${count} groups may attack: select one.`),
	chosen: (card: string) => `Chosen attacker: ${card}`,
	timing: (s: { median: string; p95: string; max: string; count: number }) => `Render timing: median ${s.median} ms, 95th percentile ${s.p95} ms, slowest ${s.max} ms over ${s.count} updates`
};

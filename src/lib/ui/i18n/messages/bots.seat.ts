// A computer player's name and level (bots.ts has the rest): the game page names its seats' bots
// before it runs, and needs no other bot message then.
export default {
	en: {
		'level.easy': 'easy',
		'level.normal': 'normal',
		'level.hard': 'hard',
		'name': 'Computer ({level})',
	},
	fr: {
		'level.easy': 'facile',
		'level.normal': 'normal',
		'level.hard': 'difficile',
		'name': 'Ordinateur ({level})',
	},
	es: {
		'level.easy': 'fácil',
		'level.normal': 'normal',
		'level.hard': 'difícil',
		'name': 'Ordenador ({level})',
	},
};

// A player's name before their Illuminati is dealt (ui/words/names.ts): apart from the log's
// sentences (words.ts), which the game page loads later, so that its first scripts need only this.
export default {
	en: {
		'seat': 'Seat {seat}',
	},
	fr: {
		'seat': 'Place {seat}',
	},
	es: {
		'seat': 'Puesto {seat}',
	},
};

// The game page's button that opens the history (history.ts has the view's own messages, loaded with it).
export default {
	en: {
		'open': 'History',
	},
	fr: {
		'open': 'Historique',
	},
	es: {
		'open': 'Historial',
	},
};

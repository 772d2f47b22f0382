// Sandbox games: the page's title, also the site menu's link.
export default {
	en: {
		'pageTitle': 'Sandbox',
	},
	fr: {
		'pageTitle': 'Bac à sable',
	},
	es: {
		'pageTitle': 'Partida de prueba',
	},
};

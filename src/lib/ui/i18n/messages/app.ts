// The app shell: header, skip link, connection badge.
export default {
	en: {
		'name': 'Fnord',
		'skip': 'Skip to content',
		'noGame': 'No game open',
		'openGame': 'Open game {title}',
		'nav': 'Pages',
		'nav.rules': 'Rules',
		'nav.cards': 'Cards'
	},
	fr: {
		'name': 'Fnord',
		'skip': 'Aller au contenu',
		'noGame': 'Aucune partie ouverte',
		'openGame': 'Partie ouverte {title}',
		'nav': 'Pages',
		'nav.rules': 'Règles',
		'nav.cards': 'Cartes'
	},
	es: {
		'name': 'Fnord',
		'skip': 'Saltar al contenido',
		'noGame': 'Ninguna partida abierta',
		'openGame': 'Partida abierta {title}',
		'nav': 'Páginas',
		'nav.rules': 'Reglas',
		'nav.cards': 'Cartas'
	}
};

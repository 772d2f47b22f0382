// The game log panel: accepted entries told in words.
export default {
	en: {
		'title': 'Game log',
		'empty': 'Nothing has happened yet.',
		'chance': 'Chance',
		'listLabel': '{count, plural, one {# entry, newest last} other {# entries, newest last}}',
		'more': 'Show {count} earlier entries ({hidden} hidden)',
		'show': 'Show',
		'showAfter': 'Show the game after entry {position}'
	},
	fr: {
		'title': 'Journal de la partie',
		'empty': 'Rien ne s’est encore passé.',
		'chance': 'Hasard',
		'listLabel': '{count, plural, one {# entrée, la plus récente en dernier} other {# entrées, la plus récente en dernier}}',
		'more': 'Afficher {count} entrées précédentes ({hidden} masquées)',
		'show': 'Voir',
		'showAfter': 'Voir la partie après l’entrée {position}'
	},
	es: {
		'title': 'Registro de la partida',
		'empty': 'Todavía no ha pasado nada.',
		'chance': 'Azar',
		'listLabel': '{count, plural, one {# entrada, la más reciente al final} other {# entradas, la más reciente al final}}',
		'more': 'Mostrar {count} entradas anteriores ({hidden} ocultas)',
		'show': 'Ver',
		'showAfter': 'Ver la partida tras la entrada {position}'
	}
};

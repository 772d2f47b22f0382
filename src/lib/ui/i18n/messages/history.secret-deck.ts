// The history view of a secret-deck game: why "Fork from here" is disabled after the first secret
// draw (protocol/v2/deck/fork.ts; docs/deck.md, "Forks").
export default {
	en: {
		'forkSecretDeck': 'No fork from here: cards were already drawn from the secret deck, and a new game could not open the cards hidden in hands. Step back to before the first card was drawn to fork.',
	},
	fr: {
		'forkSecretDeck': 'Pas de bifurcation d’ici : des cartes ont déjà été piochées dans le paquet secret, et une nouvelle partie ne pourrait pas ouvrir les cartes cachées dans les mains. Revenez avant la première carte piochée pour bifurquer.',
	},
	es: {
		'forkSecretDeck': 'No se puede bifurcar desde aquí: ya se robaron cartas del mazo secreto y una partida nueva no podría abrir las cartas ocultas en las manos. Vuelve a antes de la primera carta robada para bifurcar.',
	},
};

// Refusal of a fork of a secret-deck game after its first draw (protocol/v2/deck/fork.ts, docs/deck.md "Forks").
export default {
	en: {
		'SECRET_DECK_FORK': 'This fork was refused: it starts after cards were dealt from the secret deck, and a new game cannot open the cards hidden in hands. Its author is named.',
	},
	fr: {
		'SECRET_DECK_FORK': 'Cette bifurcation est refusée : elle part d’après la distribution de cartes depuis le paquet secret, et une nouvelle partie ne peut pas ouvrir les cartes cachées dans les mains. Son auteur est nommé.',
	},
	es: {
		'SECRET_DECK_FORK': 'Esta bifurcación se rechazó: parte de después de repartir cartas del mazo secreto, y una partida nueva no puede abrir las cartas ocultas en las manos. Se nombra a su autor.',
	},
};

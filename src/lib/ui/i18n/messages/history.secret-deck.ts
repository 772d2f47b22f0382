// The history view of a secret-deck game: why "Fork from here" and "What if?" are disabled once
// cards were dealt from a masked deck (protocol/v2/deck/fork.ts, history/timeline.ts whatIfBlocked;
// docs/deck.md, "Forks").
export default {
	en: {
		'forkSecretDeck': 'No fork from here: cards were already dealt from the secret deck, and a new game could not open the cards hidden in hands. Step back to before the first card was dealt to fork.',
		'whatIfSecretDeck': 'No What if? from here: cards were already dealt from the secret deck, and a game on this device alone could not know the cards hidden in hands. Step back to before the first card was dealt.',
	},
	fr: {
		'forkSecretDeck': 'Pas de bifurcation d’ici : des cartes ont déjà été distribuées depuis le paquet secret, et une nouvelle partie ne pourrait pas ouvrir les cartes cachées dans les mains. Revenez avant la première carte distribuée pour bifurquer.',
		'whatIfSecretDeck': 'Pas de « Et si… ? » d’ici : des cartes ont déjà été distribuées depuis le paquet secret, et une partie sur ce seul appareil ne pourrait pas connaître les cartes cachées dans les mains. Revenez avant la première carte distribuée.',
	},
	es: {
		'forkSecretDeck': 'No se puede bifurcar desde aquí: ya se repartieron cartas del mazo secreto y una partida nueva no podría abrir las cartas ocultas en las manos. Vuelve a antes de la primera carta repartida para bifurcar.',
		'whatIfSecretDeck': 'No hay «¿Y si…?» desde aquí: ya se repartieron cartas del mazo secreto y una partida solo en este dispositivo no podría conocer las cartas ocultas en las manos. Vuelve a antes de la primera carta repartida.',
	},
};

// Refusals of stand-in entries (absence option 'bot': a bot plays an absent player's seat;
// protocol/v2/stand-in.ts, docs/protocol.md "Stand-ins for absent seats").
export default {
	en: {
		'STAND_IN_OFF': 'This game does not let a bot play for absent players.',
		'STAND_IN_NOT_ABSENT': 'That player is not absent: they play for themselves.',
		'STAND_IN_NOT_AWAITED': 'The game is not waiting for that absent player’s move now.',
		'STAND_IN_NOT_PRESENT': 'Only a player still present may post the bot’s move for an absent player.',
		'STAND_IN_STALE': 'Another device already posted the bot’s move for this moment of the game.',
		'STAND_IN_MISMATCH': 'This is not the move the bot plays for the absent player: the entry was refused and its author is named.',
		'STAND_IN_UNJUDGED': 'This device cannot check the bot’s moves for absent players (update the app).',
		'PLAYED_BY_STAND_IN': 'You were declared absent and a bot plays for you: return to the game first.',
	},
	fr: {
		'STAND_IN_OFF': 'Cette partie ne laisse pas un robot jouer pour les joueurs absents.',
		'STAND_IN_NOT_ABSENT': 'Ce joueur n’est pas absent : il joue lui-même.',
		'STAND_IN_NOT_AWAITED': 'La partie n’attend pas de coup de ce joueur absent pour l’instant.',
		'STAND_IN_NOT_PRESENT': 'Seul un joueur encore présent peut publier le coup du robot pour un joueur absent.',
		'STAND_IN_STALE': 'Un autre appareil a déjà publié le coup du robot pour ce moment de la partie.',
		'STAND_IN_MISMATCH': 'Ce n’est pas le coup que le robot joue pour le joueur absent : l’entrée est refusée et son auteur est nommé.',
		'STAND_IN_UNJUDGED': 'Cet appareil ne peut pas vérifier les coups du robot pour les absents (mettez l’application à jour).',
		'PLAYED_BY_STAND_IN': 'Vous avez été déclaré absent et un robot joue pour vous : revenez d’abord dans la partie.',
	},
	es: {
		'STAND_IN_OFF': 'Esta partida no deja que un bot juegue por los jugadores ausentes.',
		'STAND_IN_NOT_ABSENT': 'Ese jugador no está ausente: juega él mismo.',
		'STAND_IN_NOT_AWAITED': 'La partida no espera ahora una jugada de ese jugador ausente.',
		'STAND_IN_NOT_PRESENT': 'Solo un jugador aún presente puede publicar la jugada del bot por un ausente.',
		'STAND_IN_STALE': 'Otro dispositivo ya publicó la jugada del bot para este momento de la partida.',
		'STAND_IN_MISMATCH': 'Esta no es la jugada que el bot hace por el jugador ausente: la entrada se rechazó y se nombra a su autor.',
		'STAND_IN_UNJUDGED': 'Este dispositivo no puede comprobar las jugadas del bot por los ausentes (actualiza la aplicación).',
		'PLAYED_BY_STAND_IN': 'Se te declaró ausente y un bot juega por ti: vuelve primero a la partida.',
	},
};

// Refusal of a computer player's join that the player it names did not sign
// (protocol/bot-claim.ts, docs/protocol.md "Computer players").
export default {
	en: {
		'BOT_NOT_AUTHORIZED': 'This computer player was not seated by the player it names: its join was refused and its author is named.',
	},
	fr: {
		'BOT_NOT_AUTHORIZED': 'Ce joueur ordinateur n’a pas été installé par le joueur qu’il nomme : son entrée est refusée et son auteur est nommé.',
	},
	es: {
		'BOT_NOT_AUTHORIZED': 'Este jugador de la computadora no lo sentó el jugador que nombra: su entrada se rechazó y se nombra a su autor.',
	},
};

// The stall panel while the table waits on a stand-in bot for an absent player (absence 'bot';
// ui/app/stall.ts standInWait, docs/session.md "Stand-ins").
export default {
	en: {
		'standIn.turn': 'the bot standing in for {name} to play their turn',
		'standIn.spending': 'the bot standing in for {name} to spend on the attack',
		'standIn.by': '{driver}’s device plays it (another player’s device does if it has not after 8 s)',
		'standIn.byMe': 'your device plays it',
		'standIn.nobody': 'no player still present can play it',
	},
	fr: {
		'standIn.turn': 'le robot qui remplace {name}, qui doit jouer son tour',
		'standIn.spending': 'le robot qui remplace {name}, qui doit dépenser pour l’attaque',
		'standIn.by': 'l’appareil de {driver} le joue (celui d’un autre joueur le fait s’il ne l’a pas fait au bout de 8 s)',
		'standIn.byMe': 'votre appareil le joue',
		'standIn.nobody': 'aucun joueur encore présent ne peut le jouer',
	},
	es: {
		'standIn.turn': 'el bot que sustituye a {name}, que debe jugar su turno',
		'standIn.spending': 'el bot que sustituye a {name}, que debe gastar en el ataque',
		'standIn.by': 'lo juega el dispositivo de {driver} (el de otro jugador lo hace si no lo ha hecho en 8 s)',
		'standIn.byMe': 'lo juega tu dispositivo',
		'standIn.nobody': 'ningún jugador aún presente puede jugarlo',
	},
};

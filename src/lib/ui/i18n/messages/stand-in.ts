// A bot plays an absent player's seat until they return (rule option absence 'bot'; docs/bots.md
// "Absence"): the new-game option, its hint, and the table's flag on that seat.
export default {
	en: {
		'option': 'stays; a bot plays for them until they return (online)',
		'optionHint': 'A player voted absent keeps their seat: the easy bot plays their turns, through the other players’ devices, and every device checks each of its moves. It never plays their hidden cards and makes no deals. They take their seat back by returning.',
		'playedByBot': 'away: a bot plays for them',
	},
	fr: {
		'option': 'reste ; un robot joue pour lui jusqu’à son retour (en ligne)',
		'optionHint': 'Un joueur voté absent garde sa place : le robot facile joue ses tours, par les appareils des autres joueurs, et chaque appareil vérifie chacun de ses coups. Il ne joue jamais ses cartes cachées et ne fait pas d’accords. Le joueur reprend sa place en revenant.',
		'playedByBot': 'absent : un robot joue pour lui',
	},
	es: {
		'option': 'se queda; un bot juega por él hasta que vuelva (en línea)',
		'optionHint': 'Un jugador votado ausente conserva su puesto: el bot fácil juega sus turnos, a través de los dispositivos de los demás, y cada dispositivo comprueba cada jugada. Nunca juega sus cartas ocultas ni hace tratos. El jugador recupera su puesto al volver.',
		'playedByBot': 'ausente: un bot juega por él',
	},
};

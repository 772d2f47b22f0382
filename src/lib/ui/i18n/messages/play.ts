// The game page while the game is played: the seat this device plays, the seat switcher, the history toggle.
export default {
	en: {
		'nowPlaying': 'Now playing: {illuminati}',
		'watching': 'You are watching this game: you hold no seat in it.',
		'seats': 'Seats played on this device',
		'toAct': 'to act',
		'follow': 'Follow the seat the game waits for',
		'toActions': 'Go to your actions',
		'showHistory': 'History',
		'historyHint': 'Step back through the game: the table as it was after each entry.',
		'historyPage': 'Open the full history (fork, “What if?”)',
		'gameFacts': 'Game file and state',
		'playArea': 'The game'
	},
	fr: {
		'nowPlaying': 'Vous jouez : {illuminati}',
		'watching': 'Vous regardez cette partie : vous n’y avez aucune place.',
		'seats': 'Places jouées sur cet appareil',
		'toAct': 'doit agir',
		'follow': 'Suivre la place qu’attend la partie',
		'toActions': 'Aller à vos actions',
		'showHistory': 'Historique',
		'historyHint': 'Revenez en arrière dans la partie : la table telle qu’elle était après chaque entrée.',
		'historyPage': 'Ouvrir tout l’historique (bifurquer, « Et si… ? »)',
		'gameFacts': 'Fichier et état de la partie',
		'playArea': 'La partie'
	},
	es: {
		'nowPlaying': 'Juegas ahora: {illuminati}',
		'watching': 'Estás mirando esta partida: no tienes ningún puesto en ella.',
		'seats': 'Puestos jugados en este dispositivo',
		'toAct': 'debe actuar',
		'follow': 'Seguir al puesto que espera la partida',
		'toActions': 'Ir a tus acciones',
		'showHistory': 'Historial',
		'historyHint': 'Vuelve atrás en la partida: la mesa tal como estaba tras cada entrada.',
		'historyPage': 'Abrir todo el historial (bifurcar, «¿Y si…?»)',
		'gameFacts': 'Archivo y estado de la partida',
		'playArea': 'La partida'
	}
};

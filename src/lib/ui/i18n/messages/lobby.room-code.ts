// The room code, also shown on the game page (lobby.ts has the lobby's own messages).
export default {
	en: {
		'roomCode': 'Room code',
	},
	fr: {
		'roomCode': 'Code du salon',
	},
	es: {
		'roomCode': 'Código de sala',
	},
};

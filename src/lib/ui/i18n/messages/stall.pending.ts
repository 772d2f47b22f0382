// The stall panel when no seat is awaited though the game is not over (session/stall-watch.ts
// `pending`, ui/app/stall.ts pendingLine): what the table waits on instead.
export default {
	en: {
		'pending.vote': 'an absence vote against {names} to be answered: nothing after it is final until their device posts again',
		'pending.share': 'the dice: the share of {names} (out of the game; their device gives it by itself when it is open)',
		'pending.order': 'the dice: the devices acknowledge the roll before they give their shares',
		'pending.automatic': 'an automatic step (the devices are making it)',
	},
	fr: {
		'pending.vote': 'une réponse au vote d’absence contre {names} : rien après lui n’est définitif tant que son appareil n’a rien envoyé',
		'pending.share': 'les dés : la part de {names} (hors de la partie ; son appareil la donne de lui-même s’il est ouvert)',
		'pending.order': 'les dés : les appareils accusent réception du jet avant de donner leurs parts',
		'pending.automatic': 'une étape automatique (les appareils s’en chargent)',
	},
	es: {
		'pending.vote': 'una respuesta al voto de ausencia contra {names}: nada posterior es definitivo hasta que su dispositivo envíe algo',
		'pending.share': 'los dados: la parte de {names} (fuera de la partida; su dispositivo la da por sí solo si está abierto)',
		'pending.order': 'los dados: los dispositivos confirman la tirada antes de dar sus partes',
		'pending.automatic': 'un paso automático (lo hacen los dispositivos)',
	},
};

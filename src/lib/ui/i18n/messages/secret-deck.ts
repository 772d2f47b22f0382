// The secret deck on the table (issue 13; docs/deck.md): Specials another player holds are shown
// face down, counted; the viewer's own are face up; what Computer Espionage showed stays with the spy.
export default {
	en: {
		faceDown: '{count} face down',
		faceDownLabel: '{player} holds {count} Special(s), face down',
		card: 'A Special (face down)',
		notOpened: 'Opening…',
		untold: '{count} not shown yet',
		'log.drawHidden': '{who} {whoN, select, one {draws} other {draw}} a Special card, face down.',
		'log.show': '{who} {whoN, select, one {shows} other {show}} {card}, drawn face down.',
		openHands: 'Open hands (no secret deck)',
		openHandsHint: 'By default, online games with other devices deal from a deck no one can read: each player sees only their own Specials. Open hands keeps the draw pile public (any curious device can read every hand).',
	},
	fr: {
		faceDown: '{count} face cachée',
		faceDownLabel: '{player} a {count} carte(s) spéciale(s), face cachée',
		card: 'Une carte spéciale (face cachée)',
		notOpened: 'Ouverture…',
		untold: '{count} pas encore montrée(s)',
		'log.drawHidden': '{who} {whoN, select, one {pioche} other {piochent}} une carte spéciale, face cachée.',
		'log.show': '{who} {whoN, select, one {montre} other {montrent}} {card}, piochée face cachée.',
		openHands: 'Mains ouvertes (sans paquet secret)',
		openHandsHint: 'Par défaut, une partie en ligne avec d’autres appareils tire d’un paquet que personne ne peut lire : chacun ne voit que ses propres cartes spéciales. Mains ouvertes garde la pioche publique (un appareil curieux peut lire toutes les mains).',
	},
	es: {
		faceDown: '{count} boca abajo',
		faceDownLabel: '{player} tiene {count} carta(s) especial(es), boca abajo',
		card: 'Una carta especial (boca abajo)',
		notOpened: 'Abriendo…',
		untold: '{count} aún sin mostrar',
		'log.drawHidden': '{who} {whoN, select, one {roba} other {roban}} una carta Especial, boca abajo.',
		'log.show': '{who} {whoN, select, one {muestra} other {muestran}} {card}, robada boca abajo.',
		openHands: 'Manos abiertas (sin mazo secreto)',
		openHandsHint: 'Por defecto, una partida en línea con otros dispositivos roba de un mazo que nadie puede leer: cada jugador ve solo sus propias cartas especiales. Manos abiertas deja el mazo público (un dispositivo curioso puede leer todas las manos).',
	},
};

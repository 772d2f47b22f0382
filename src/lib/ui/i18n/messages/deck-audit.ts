// The secret deck's faults and its audit at the game's end (issue 13; docs/deck.md, "The audit"),
// shown in the table's stall panel to everyone: who the deck caught, and whether the audit passed;
// and why such a game cannot be forked after its first masked deal (a draw, or Hidden Illuminati's face-down deal).
export default {
	en: {
		heading: 'Secret deck audit',
		waiting: 'The audit waits for every player’s shuffle seed.',
		passed: 'The audit passed: every shuffle was checked and the whole deck is open.',
		failed: 'The audit failed: the players named below cheated or kept it from checking their shuffle.',
		'fault.SEED_WITHHELD': '{name} withheld their shuffle seed: their shuffle could not be checked.',
		'fault.BAD_SEED': '{name} revealed a shuffle seed that does not match their shuffle.',
		'fault.SHUFFLE_MISMATCH': '{name} shuffled the deck other than their seed says: a card was substituted or moved.',
		'fault.KEPT_A_GROUP': '{name} kept a group they drew hidden, as if it were a Special.',
		'fault.BAD_SEAL': '{name} sent a sealed share that is not a valid seal.',
		'fault.BAD_PARTIAL': '{name} sent a wrong partial decryption of a card.',
		'fault.BAD_PROOF': '{name} sent a partial decryption whose proof fails.',
		'fault.FALSE_COMPLAINT': '{name} complained about a good sealed share.',
		'fault.LIED_ABOUT_ILLUMINATI': '{name} lied about their face-down Illuminati: a “no” to a right accusation, or more Power or Income than their card allows.',
		'fault.other': '{name} was caught cheating with the secret deck ({code}).',
		'fork.refused': 'This game uses the secret deck and hidden cards were already dealt from it (a card drawn, or the Illuminati dealt face down in Hidden Illuminati): a fork cannot open them. Fork from a point before that first deal, or start a new game.'
	},
	fr: {
		heading: 'Audit du paquet secret',
		waiting: 'L’audit attend la graine de mélange de chaque joueur.',
		passed: 'L’audit est réussi : chaque mélange a été vérifié et tout le paquet est ouvert.',
		failed: 'L’audit a échoué : les joueurs nommés ci-dessous ont triché ou l’ont empêché de vérifier leur mélange.',
		'fault.SEED_WITHHELD': '{name} a retenu sa graine de mélange : son mélange n’a pas pu être vérifié.',
		'fault.BAD_SEED': '{name} a révélé une graine de mélange qui ne correspond pas à son mélange.',
		'fault.SHUFFLE_MISMATCH': '{name} a mélangé le paquet autrement que sa graine ne le dit : une carte a été substituée ou déplacée.',
		'fault.KEPT_A_GROUP': '{name} a gardé cachée une carte de groupe piochée, comme une carte spéciale.',
		'fault.BAD_SEAL': '{name} a envoyé une part scellée qui n’est pas un sceau valide.',
		'fault.BAD_PARTIAL': '{name} a envoyé un déchiffrement partiel faux d’une carte.',
		'fault.BAD_PROOF': '{name} a envoyé un déchiffrement partiel dont la preuve échoue.',
		'fault.FALSE_COMPLAINT': '{name} s’est plaint d’une part scellée correcte.',
		'fault.LIED_ABOUT_ILLUMINATI': '{name} a menti sur son Illuminati face cachée : un « non » à une accusation exacte, ou plus de pouvoir ou de revenu que sa carte n’en permet.',
		'fault.other': '{name} a été pris à tricher avec le paquet secret ({code}).',
		'fork.refused': 'Cette partie utilise le paquet secret et des cartes cachées en ont déjà été distribuées (une carte piochée, ou les Illuminati distribués face cachée avec les Illuminati dissimulés) : une bifurcation ne peut pas les ouvrir. Bifurquez depuis un moment avant cette première distribution, ou commencez une nouvelle partie.'
	},
	es: {
		heading: 'Auditoría del mazo secreto',
		waiting: 'La auditoría espera la semilla de barajado de cada jugador.',
		passed: 'La auditoría se superó: se comprobó cada barajado y todo el mazo está abierto.',
		failed: 'La auditoría falló: los jugadores nombrados abajo hicieron trampa o le impidieron comprobar su barajado.',
		'fault.SEED_WITHHELD': '{name} retuvo su semilla de barajado: no se pudo comprobar su barajado.',
		'fault.BAD_SEED': '{name} reveló una semilla de barajado que no corresponde a su barajado.',
		'fault.SHUFFLE_MISMATCH': '{name} barajó el mazo de otro modo que el que dice su semilla: se sustituyó o movió una carta.',
		'fault.KEPT_A_GROUP': '{name} guardó oculto un grupo que robó, como si fuera una carta especial.',
		'fault.BAD_SEAL': '{name} envió una parte sellada que no es un sello válido.',
		'fault.BAD_PARTIAL': '{name} envió un descifrado parcial erróneo de una carta.',
		'fault.BAD_PROOF': '{name} envió un descifrado parcial cuya prueba falla.',
		'fault.FALSE_COMPLAINT': '{name} se quejó de una parte sellada correcta.',
		'fault.LIED_ABOUT_ILLUMINATI': '{name} mintió sobre sus Illuminati boca abajo: un «no» a una acusación correcta, o más Poder o Ingresos de los que permite su carta.',
		'fault.other': '{name} fue pillado haciendo trampa con el mazo secreto ({code}).',
		'fork.refused': 'Esta partida usa el mazo secreto y ya se repartieron cartas ocultas de él (una carta robada, o los Illuminati repartidos boca abajo con los Illuminati ocultos): una bifurcación no puede abrirlas. Bifurca desde un momento anterior a ese primer reparto, o empieza una partida nueva.'
	}
};

// Refusal of a join whose box key is no point one can seal to (protocol/v2/entry-handlers.ts,
// docs/protocol.md, defences table).
export default {
	en: {
		'BAD_BOX_KEY': 'This join names a box key nobody can seal to (it is no valid key): the join was refused, the seat stays free and its author is named.',
	},
	fr: {
		'BAD_BOX_KEY': 'Cette entrée donne une clé de coffre à laquelle personne ne peut sceller (ce n’est pas une clé valide) : elle est refusée, la place reste libre et son auteur est nommé.',
	},
	es: {
		'BAD_BOX_KEY': 'Esta entrada da una clave de caja a la que nadie puede sellar (no es una clave válida): se rechazó, el asiento sigue libre y se nombra a su autor.',
	},
};

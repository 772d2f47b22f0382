// "Fork from here" after a seat was caught equivocating (protocol/fork.ts EquivocationForkError):
// a fork replays accepted entries only and would not carry the penalty.
export default {
	en: {
		'forkEquivocation': 'No fork from here: a seat was caught cheating (two different moves for one place in its chain) before this point, and a fork could not carry its penalty. Fork from a point before it was caught.',
	},
	fr: {
		'forkEquivocation': 'Pas de bifurcation d’ici\u00a0: un joueur a été pris à tricher (deux coups différents à une même place de sa chaîne) avant ce moment, et une bifurcation ne pourrait pas reprendre sa pénalité. Bifurquez depuis un moment antérieur.',
	},
	es: {
		'forkEquivocation': 'No se puede bifurcar desde aquí: se pilló a un jugador haciendo trampa (dos jugadas distintas en un mismo lugar de su cadena) antes de este momento, y una bifurcación no podría llevar su penalización. Bifurca desde un momento anterior.',
	},
};

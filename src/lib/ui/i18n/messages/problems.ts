// The Problems panel's diagnostics: refused entries that blame nobody (ui/app/problems.ts).
export default {
	en: {
		'expected': '{count, plural, one {# entry refused by a harmless race (two devices posting the same bot move): not counted} other {# entries refused by harmless races (two devices posting the same bot move): not counted}}',
	},
	fr: {
		'expected': '{count, plural, one {# entrée refusée par une course sans gravité (deux appareils publiant le même coup du robot) : non comptée} other {# entrées refusées par des courses sans gravité (deux appareils publiant le même coup du robot) : non comptées}}',
	},
	es: {
		'expected': '{count, plural, one {# entrada rechazada por una carrera inofensiva (dos dispositivos publicando la misma jugada del bot): no contada} other {# entradas rechazadas por carreras inofensivas (dos dispositivos publicando la misma jugada del bot): no contadas}}',
	},
};

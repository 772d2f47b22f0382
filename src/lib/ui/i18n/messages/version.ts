// Rules builds (session/build.ts): this device's, and a peer whose presence names another
// (lobby, table, desyncs in the Problems panel). A hint only: presence is unauthenticated.
export default {
	en: {
		'label': 'Rules build',
		'build': 'Rules build {build}',
		'none': 'not announced',
		'other': 'runs another version of Fnord (rules build {build})',
		'flag': 'another version of Fnord',
		'hint': 'Devices running different versions may judge the same moves differently: everyone should load the same version of Fnord (reload the page while online). This device runs rules build {build}.',
		'desync': '{peer} runs another version of Fnord (rules build {theirs}, this device {mine}), which can explain this desync: everyone should load the same version (reload the page while online).',
	},
	fr: {
		'label': 'Version des règles',
		'build': 'Version des règles {build}',
		'none': 'non annoncée',
		'other': 'utilise une autre version de Fnord (version des règles {build})',
		'flag': 'autre version de Fnord',
		'hint': 'Des appareils de versions différentes peuvent juger les mêmes coups différemment\u00a0: tout le monde devrait charger la même version de Fnord (rechargez la page en ligne). Cet appareil utilise la version des règles {build}.',
		'desync': '{peer} utilise une autre version de Fnord (version des règles {theirs}, cet appareil {mine}), ce qui peut expliquer cette désynchronisation\u00a0: tout le monde devrait charger la même version (rechargez la page en ligne).',
	},
	es: {
		'label': 'Versión de las reglas',
		'build': 'Versión de las reglas {build}',
		'none': 'no anunciada',
		'other': 'usa otra versión de Fnord (versión de las reglas {build})',
		'flag': 'otra versión de Fnord',
		'hint': 'Dispositivos con versiones distintas pueden juzgar las mismas jugadas de forma distinta: todos deberían cargar la misma versión de Fnord (recarga la página con conexión). Este dispositivo usa la versión de las reglas {build}.',
		'desync': '{peer} usa otra versión de Fnord (versión de las reglas {theirs}, este dispositivo {mine}), lo que puede explicar esta desincronización: todos deberían cargar la misma versión (recarga la página con conexión).',
	},
};

// Rules builds (session/build.ts): this device's, and a peer whose presence names another
// (lobby, table, desyncs in the Problems panel). A hint only: presence is unauthenticated.
export default {
	en: {
		'label': 'Rules build',
		'build': 'Rules build {build}',
		'none': 'not announced',
		'other': 'runs another version of Fnord (rules build {build})',
		'flag': 'another version of Fnord',
		'unverified': '{count, plural, one {# other connected device announces} other {# other connected devices announce}} another version (not verified: anyone with the room link may announce anything).',
		'hint': 'Devices running different versions may judge the same moves differently: everyone should load the same version of Fnord (reload the page while online, then press Update when Fnord offers a new version). This device runs rules build {build}.',
		'desync': '{peer} runs another version of Fnord (rules build {theirs}, this device {mine}), which can explain this desync: everyone should load the same version (reload the page while online, then press Update when Fnord offers a new version).',
	},
	fr: {
		'label': 'Version des règles',
		'build': 'Version des règles {build}',
		'none': 'non annoncée',
		'other': 'utilise une autre version de Fnord (version des règles {build})',
		'flag': 'autre version de Fnord',
		'unverified': '{count, plural, one {# autre appareil connecté annonce} other {# autres appareils connectés annoncent}} une autre version (non vérifié : quiconque a le lien de la partie peut annoncer n’importe quoi).',
		'hint': 'Des appareils de versions différentes peuvent juger les mêmes coups différemment\u00a0: tout le monde devrait charger la même version de Fnord (rechargez la page en ligne, puis appuyez sur Mettre à jour quand Fnord propose une nouvelle version). Cet appareil utilise la version des règles {build}.',
		'desync': '{peer} utilise une autre version de Fnord (version des règles {theirs}, cet appareil {mine}), ce qui peut expliquer cette désynchronisation\u00a0: tout le monde devrait charger la même version (rechargez la page en ligne, puis appuyez sur Mettre à jour quand Fnord propose une nouvelle version).',
	},
	es: {
		'label': 'Versión de las reglas',
		'build': 'Versión de las reglas {build}',
		'none': 'no anunciada',
		'other': 'usa otra versión de Fnord (versión de las reglas {build})',
		'flag': 'otra versión de Fnord',
		'unverified': '{count, plural, one {# otro dispositivo conectado anuncia} other {# otros dispositivos conectados anuncian}} otra versión (sin verificar: cualquiera con el enlace de la partida puede anunciar cualquier cosa).',
		'hint': 'Dispositivos con versiones distintas pueden juzgar las mismas jugadas de forma distinta: todos deberían cargar la misma versión de Fnord (recarga la página con conexión y pulsa Actualizar cuando Fnord ofrezca una nueva versión). Este dispositivo usa la versión de las reglas {build}.',
		'desync': '{peer} usa otra versión de Fnord (versión de las reglas {theirs}, este dispositivo {mine}), lo que puede explicar esta desincronización: todos deberían cargar la misma versión (recarga la página con conexión y pulsa Actualizar cuando Fnord ofrezca una nueva versión).',
	},
};

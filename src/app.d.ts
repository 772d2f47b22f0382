/// <reference types="vite-plugin-pwa/client" />
/// <reference types="vite-plugin-pwa/info" />
// See https://svelte.dev/docs/kit/types#app.d.ts
// for information about these interfaces
declare global {
	/** The rules build, set by vite.config.ts (`define`); absent where Vite does not run (tsx). Read it through session/build.ts. */
	const __FNORD_RULES_BUILD__: string | undefined;
	namespace App {
		// interface Error {}
		// interface Locals {}
		// interface PageData {}
		// interface PageState {}
		// interface Platform {}
	}
}

export {};

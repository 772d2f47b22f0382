import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { messagesByLocale } from './scripts/lib/messages-by-locale.mjs';
import { rulesFingerprint, rulesSources } from './scripts/lib/rules-build.mjs';

// The app installs as a PWA and works offline after one visit (docs/offline.md). Updates wait for
// the player ('prompt': the new service worker stays waiting until the notice's Update button).
const pwa = SvelteKitPWA({
	registerType: 'prompt',
	injectRegister: false, // registered by src/lib/ui/offline/AppNotices.svelte (in +layout.svelte)
	manifestFilename: 'manifest.webmanifest',
	manifest: {
		name: 'Fnord',
		short_name: 'Fnord',
		description: "Peer-to-peer browser version of Steve Jackson's card game Illuminati",
		start_url: '/',
		scope: '/',
		display: 'standalone',
		background_color: '#1f3320',
		theme_color: '#1f3320',
		icons: [
			{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
			{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
			{ src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
			{ src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' }
		]
	},
	kit: { adapterFallback: '404.html' },
	workbox: {
		// Every page (prerendered shells) and every built asset; 404.html is written by the adapter
		// after this runs, so the fallback for unknown paths is the home page's shell.
		globPatterns: ['client/**/*.{js,css,ico,png,svg,webp,woff,woff2,webmanifest}', 'prerendered/**/*.html'],
		navigateFallback: '/',
		// /game?id=…, /join?room=…: the page is the same shell whatever the query says.
		ignoreURLParametersMatching: [/.*/],
		// The first visit's pages are controlled at once (updates still wait: no skipWaiting).
		clientsClaim: true,
		// Removes only Workbox precaches of older versions; games live in IndexedDB and localStorage.
		cleanupOutdatedCaches: true
	}
});

// The rules build (session/build.ts): a fingerprint of the engine's and the protocol's sources,
// shown to players and published with presence so a table sees who runs other rules.
const rulesBuild = rulesFingerprint(rulesSources(fileURLToPath(new URL('.', import.meta.url))));

export default defineConfig({
	plugins: [messagesByLocale(), sveltekit(), pwa],
	define: { __FNORD_RULES_BUILD__: JSON.stringify(rulesBuild) },
	test: {
		include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
		environment: 'node',
		// Tests are never timed (speed is for `npm run bench`); this only stops a hung test. The 5 s
		// default failed seeded-game tests on a busy 2-core machine.
		testTimeout: 60_000,
		// Every core runs test files (vitest's default leaves one idle: on the 2-core CI machine one
		// worker ran the files one after another, 10 of CI's 20 minutes). The tests await events,
		// never a fixed sleep, so two files sharing the cores only run slower.
		maxWorkers: Math.min(8, Math.max(2, availableParallelism()))
	}
});

import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/lib/chromium.mjs';

// Run through `npm test` (scripts/test.mjs), which builds first and, when possible, runs this
// inside a loopback-only network namespace so WebRTC stays on 127.0.0.1. The browser is the
// Chromium npm test found (CHROMIUM), else the one scripts/lib/chromium.mjs finds.
export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '*.spec.ts',
	fullyParallel: false,
	forbidOnly: !!process.env.CI,
	retries: 0,
	use: {
		baseURL: 'http://127.0.0.1:4173',
		permissions: ['microphone', 'camera'],
		launchOptions: {
			executablePath: chromiumPath(),
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--allow-loopback-in-peer-connection'
			]
		}
	},
	webServer: [
		{
			command: 'node scripts/signal.mjs --host 127.0.0.1 --port 4444',
			url: 'http://127.0.0.1:4444/',
			reuseExistingServer: false,
			timeout: 30_000
		},
		{
			command: 'node scripts/serve.mjs --host 127.0.0.1 --port 4173',
			url: 'http://127.0.0.1:4173/',
			reuseExistingServer: false,
			timeout: 30_000
		}
	]
});

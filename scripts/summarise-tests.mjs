// Prints one closing line, 'tests: N passed, N failed', over the Vitest and Playwright JSON reports.
import { readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = JSON.parse(readFileSync(vitestFile, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightFile, 'utf8'));

const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(
  `\nunit and integration: ${vitest.numPassedTests} passed; browser: ${playwright.stats.expected} passed`,
);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;

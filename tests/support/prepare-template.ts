import { writePgliteTemplate } from "./global-setup";

// `npm test` runs this beside lint and the build, at low priority, on the core they leave idle:
// the run's PGlite template (the seed's pictures drawn on a new machine), which Vitest's global
// setup would otherwise make before any test could start. Usage: tsx prepare-template.ts FILE.
const file = process.argv[2];
if (!file) {
  console.error("Usage: tsx tests/support/prepare-template.ts <dump file>");
  process.exit(2);
}
const startedAt = performance.now();
await writePgliteTemplate(file);
console.log(`The tests' PGlite template is in ${file} (${Math.round(performance.now() - startedAt)} ms).`);

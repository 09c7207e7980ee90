// `npm run openapi:write` rewrites docs/openapi.json from the contracts; `npm run openapi:check`
// fails when the committed document differs from the generated one (ADR 023).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  findOperationsWithout2xxSchema,
  formatOpenApiDocument,
  generateOpenApiDocument,
} from '../src/openapi-document.ts';

const file = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const mode = process.argv[2];
const document = await generateOpenApiDocument();
const text = formatOpenApiDocument(document);
const missing = findOperationsWithout2xxSchema(document);
for (const problem of missing) console.error(`${problem.method} ${problem.path}: ${problem.problem}`);

if (mode === '--write') {
  writeFileSync(file, text);
  console.log(`openapi: wrote docs/openapi.json`);
} else {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {}
  if (committed !== text) {
    console.error(
      'openapi: docs/openapi.json differs from the document the contracts generate.\n' +
        'Run `npm run openapi:write` and commit the result with the schema change.',
    );
    process.exit(1);
  }
  console.log('openapi: docs/openapi.json matches the contracts');
}
if (missing.length > 0) {
  console.error(`openapi: ${missing.length} operation(s) without a 2xx response schema`);
  process.exit(1);
}

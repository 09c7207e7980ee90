// Type-checks every workspace with its own tsconfig (the web app needs DOM types, the API does not).
import { execFileSync } from 'node:child_process';

const projects = ['packages/shared', 'packages/db', 'apps/api', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
    console.log(`typecheck ${project}: ok`);
  } catch {
    failed = true;
    console.error(`typecheck ${project}: failed`);
  }
}
process.exit(failed ? 1 : 0);

// Writes docs/compose-primitives.md from primitiveTable(): npx tsx worker/compose/primitives/write-table.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { primitiveTable } from './table.ts';

const target = fileURLToPath(new URL('../../../docs/compose-primitives.md', import.meta.url));
writeFileSync(target, primitiveTable());
console.log(`wrote ${target}`);

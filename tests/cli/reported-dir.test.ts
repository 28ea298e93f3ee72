// Reports written by the CLI name their models directory without the writer's own paths.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportedDir, SHIPPED_MODELS_DIR } from '../../cli/models.ts';

describe('reportedDir', () => {
  it('is relative inside the working directory and as given outside it', () => {
    expect(reportedDir(join(process.cwd(), 'public', 'models'))).toBe(join('public', 'models'));
    expect(reportedDir(SHIPPED_MODELS_DIR)).toBe(join('public', 'models'));
    expect(reportedDir('/somewhere/else/models')).toBe('/somewhere/else/models');
    expect(reportedDir(join(process.cwd(), '..', 'models'))).toBe(join(process.cwd(), '..', 'models'));
  });
});

import { defineConfig } from 'vitest/config'

/** The bench's own unit tests (pure helpers): `npx vitest run --config bench/vitest.config.ts`. */
export default defineConfig({
  test: { name: 'bench', environment: 'node', include: ['bench/**/*.test.ts'] },
})

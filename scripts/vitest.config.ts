import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'scripts', include: ['lib/**/*.test.mjs'] } });

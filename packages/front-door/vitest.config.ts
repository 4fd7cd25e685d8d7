import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'front-door', include: ['src/**/*.test.mjs'] } });

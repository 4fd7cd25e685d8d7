import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'supervisor', include: ['src/**/*.test.mjs'] } });

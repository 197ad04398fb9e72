import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./app/modules/*/*.schema.ts', './app/db/*.schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
})

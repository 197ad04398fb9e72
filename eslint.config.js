import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/**', 'build-previous/**', 'data/**', '.react-router/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Meta lines ('May 3 · 2 items · $40'): a plain space before '·' lets a line wrapped at 320 px start with
    // the separator. Use MetaLine or joinMeta/META_SEPARATOR from app/lib/format.ts (a non-breaking space).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.pdf.server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['JSXText[value=/(^|[ \\t\\n])·/]', 'Literal[value=/[ \\t\\n]·/]', 'TemplateElement[value.raw=/[ \\t\\n]·/]'].map((selector) => ({
          selector,
          message: "A '·' after a plain space can start a wrapped line: use MetaLine, joinMeta or META_SEPARATOR (~/lib/format).",
        })),
      ],
    },
  },
  {
    // Pages and API handlers reach the database only through services (ARCHITECTURE.md).
    files: ['app/routes/**', 'app/api/**', 'app/components/**', 'app/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', '~/db/*', '**/*.schema'], message: 'Use context.services instead.' }] }],
    },
  },
  {
    // Dependencies point inward (ARCHITECTURE.md): routes/ and api/ use modules/, never the reverse. A function or
    // type both sides need belongs to the module that owns it; the route or handler imports it from there.
    // Regexes rather than globs, so '../../server/x' is caught while 'react-dom/server' is not. Tests may drive a
    // module through either way in (app.request() on server/app, a route's action), so they are exempt.
    files: ['app/modules/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // '~/routes/…', '~/api/…', 'app/routes/…' (baseUrl), '../../routes/…', '../../../api/…'
              regex: '^(~/|(\\./)?(\\.\\./)+|app/)(routes|api)(/|$)',
              message: 'Modules must not import from app/routes or app/api: move what both need into the owning module.',
            },
            {
              // 'server/…' (baseUrl), '../../../server/…', '~/../server/…'
              regex: '^((\\./)?(\\.\\./)+|~/\\.\\./)?server(/|$)',
              message: 'Modules must not import from server/: it is the composition root that wires them.',
            },
          ],
        },
      ],
    },
  },
)

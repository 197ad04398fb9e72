// Every module's tables, gathered for Drizzle's typed query builder.
export * from '../modules/catalog/catalog.schema'
export * from './seed.schema'
export * from '../modules/catalog/reviews.schema'
export * from '../modules/analytics/analytics.schema'
export * from '../modules/accounts/accounts.schema'
export * from '../modules/email/email.schema'
export * from '../modules/registry/registry.schema'
export * from '../modules/checklist/checklist.schema'

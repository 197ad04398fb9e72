// Every module's tables, gathered for Drizzle's typed query builder.
export * from '../modules/catalog/catalog.schema'
export * from './seed.schema'

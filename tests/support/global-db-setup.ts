import type { TestProject } from 'vitest/node'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from './postgres-server'

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
    pgTemplate: string
  }
}

/** Starts one PostgreSQL for the run and migrates a template database that each test file copies. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres()
  const template = `nestlist_tpl_${process.pid}`
  await createTemplateDatabase(server.adminUrl, template)
  project.provide('pgAdminUrl', server.adminUrl)
  project.provide('pgTemplate', template)
  return async () => {
    await dropDatabase(server.adminUrl, template).catch(() => undefined)
    await server.stop()
  }
}

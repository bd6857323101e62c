import type { TestProject } from 'vitest/node';
import { createTemplate } from './database.js';

/** Vitest globalSetup: the migrated template that every test file's database is copied from. */
export default async function setup(project: TestProject) {
  const template = await createTemplate();
  project.provide('testDatabaseTemplate', template.location);
  return () => template.drop();
}

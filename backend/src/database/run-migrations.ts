// The migration command on its own (a Kubernetes Job, or by hand): `npm run migration:run`.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '../config/environment.js';
import { dataSourceOptions } from './data-source.js';
import { runMigrationsLocked } from './migrate.js';

const env = validateEnvironment(process.env);
const dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
try {
  const applied = await runMigrationsLocked(dataSource);
  console.log(JSON.stringify({ msg: 'migrations applied', migrations: applied }));
} finally {
  await dataSource.destroy();
}

// The migration command on its own: `npm run migration:run` (the Kubernetes Job, or by
// hand) runs the pending migrations; with `--wait` it runs none and returns once the
// schema is current (the API pods' init container, while the Job migrates).
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '../config/environment.js';
import { dataSourceOptions } from './data-source.js';
import { runMigrationsLocked, waitForMigrations } from './migrate.js';

const env = validateEnvironment(process.env);
const dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
try {
  if (process.argv.includes('--wait')) {
    await waitForMigrations(dataSource);
    console.log(JSON.stringify({ msg: 'schema is current' }));
  } else {
    const applied = await runMigrationsLocked(dataSource);
    console.log(JSON.stringify({ msg: 'migrations applied', migrations: applied }));
  }
} finally {
  await dataSource.destroy();
}

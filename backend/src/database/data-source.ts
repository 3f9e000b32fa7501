import { DataSource, type DataSourceOptions } from 'typeorm';
import { ContactSubmission } from '../contact/contact-submission.entity.js';
import { SheetDelivery } from '../sheets/sheet-delivery.entity.js';
import { User } from '../users/user.entity.js';
import { InitialSchema1763790000000 } from './migrations/1763790000000-initial-schema.js';
import { SessionsAndRateLimits1763800000000 } from './migrations/1763800000000-sessions-and-rate-limits.js';
import { SheetDeliveries1795326600000 } from './migrations/1795326600000-sheet-deliveries.js';
import { ContactSubmissionCounts1795328829376 } from './migrations/1795328829376-contact-submission-counts.js';
import { ContactSubmissionDeltas1795400000000 } from './migrations/1795400000000-contact-submission-deltas.js';

/** The entities and migrations of the app; listed, not globbed, so ESM and tests load them alike. */
const ENTITIES = [ContactSubmission, User, SheetDelivery];
export const MIGRATIONS = [
  InitialSchema1763790000000,
  SessionsAndRateLimits1763800000000,
  SheetDeliveries1795326600000,
  ContactSubmissionCounts1795328829376,
  ContactSubmissionDeltas1795400000000,
];

/** One definition of the database connection, shared by the app, the migration command and tests. */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    // The schema changes only through migrations.
    synchronize: false,
    migrationsRun: false,
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}

/** For the TypeORM CLI (`typeorm -d dist/database/data-source.js migration:generate …`). */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://localhost/app'));

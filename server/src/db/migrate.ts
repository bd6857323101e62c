import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from './database.js';
import * as core from './migrations/0001_core.js';
import * as content from './migrations/0002_content.js';
import * as listIndexes from './migrations/0003_list_indexes.js';
import * as cmsWorkflow from './migrations/0004_cms_workflow.js';
import * as handoffTickets from './migrations/0005_handoff_tickets.js';
import * as cmsCatalogue from './migrations/0006_cms_catalogue.js';
import * as cmsListIndexes from './migrations/0007_cms_list_indexes.js';
import * as fileUse from './migrations/0008_file_use.js';
import * as fixedIntroPages from './migrations/0009_fixed_intro_pages.js';
import * as intranetHome from './migrations/0010_intranet_home.js';
import * as leave from './migrations/0011_leave.js';
import * as mail from './migrations/0012_mail.js';
import * as mailExtras from './migrations/0013_mail_extras.js';
import * as fileHash from './migrations/0014_file_hash.js';
import * as drive from './migrations/0015_drive.js';
import * as textIndex from './migrations/0016_text_index.js';
import * as fileOwners from './migrations/0017_file_owners.js';
import * as pendingUploads from './migrations/0018_pending_uploads.js';
import * as handoffSessions from './migrations/0019_handoff_sessions.js';
import * as apiRateLimit from './migrations/0021_api_rate_limit.js';
import * as contentVersions from './migrations/0022_content_versions.js';
import * as viewVisits from './migrations/0023_view_visits.js';
import * as sensitiveWords from './migrations/0024_sensitive_words.js';
import * as driveShareLinks from './migrations/0025_drive_share_links.js';
import * as jobsPreviews from './migrations/0026_jobs_previews.js';
import * as driveTrash from './migrations/0027_drive_trash.js';
import * as siteVersion from './migrations/0028_site_version.js';
import * as flatLists from './migrations/0029_flat_lists.js';
import * as mailBoxVersion from './migrations/0030_mail_box_version.js';
import * as sharedResumable from './migrations/0032_shared_resumable.js';
import * as appPasswords from './migrations/0033_app_passwords.js';
import * as staffLists from './migrations/0034_staff_lists.js';
import * as webdav from './migrations/0035_webdav.js';
import * as officePreviewTurns from './migrations/0036_office_preview_turns.js';
import * as fileLeases from './migrations/0037_file_leases.js';
import * as webdavPropertySizes from './migrations/0038_webdav_property_sizes.js';
import * as staffImport from './migrations/0039_staff_import.js';
import * as setup from './migrations/0041_setup.js';
import * as approvedOnShelf from './migrations/0044_approved_on_shelf.js';
import * as siteImport from './migrations/0040_site_import.js';
import * as sensitiveWordContext from './migrations/0045_sensitive_word_context.js';
import * as driveFolderShares from './migrations/0046_drive_folder_shares.js';
import * as magazineVersion from './migrations/0047_magazine_version.js';
import * as searchListed from './migrations/0048_search_listed.js';
import * as mailScheduled from './migrations/0049_mail_scheduled.js';
import * as mailSendError from './migrations/0050_mail_send_error.js';
import * as staffHandover from './migrations/0051_staff_handover.js';
import * as fileText from './migrations/0052_file_text.js';
import * as virusScan from './migrations/0053_virus_scan.js';
import * as driveFacets from './migrations/0054_drive_facets.js';
import * as mailLargeFiles from './migrations/0055_mail_large_files.js';

/** Migrations in order. They are imported, not read from disk, so the build carries them. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_core': { up: (db) => core.up(db, dialect) },
    '0002_content': { up: (db) => content.up(db, dialect) },
    '0003_list_indexes': { up: (db) => listIndexes.up(db) },
    '0004_cms_workflow': { up: (db) => cmsWorkflow.up(db, dialect) },
    '0005_handoff_tickets': { up: (db) => handoffTickets.up(db, dialect) },
    '0006_cms_catalogue': { up: (db) => cmsCatalogue.up(db, dialect) },
    '0007_cms_list_indexes': { up: (db) => cmsListIndexes.up(db) },
    '0008_file_use': { up: (db) => fileUse.up(db) },
    '0009_fixed_intro_pages': { up: (db) => fixedIntroPages.up(db, dialect) },
    '0010_intranet_home': { up: (db) => intranetHome.up(db, dialect) },
    '0011_leave': { up: (db) => leave.up(db, dialect) },
    '0012_mail': { up: (db) => mail.up(db, dialect) },
    '0013_mail_extras': { up: (db) => mailExtras.up(db, dialect) },
    '0014_file_hash': { up: (db) => fileHash.up(db) },
    '0015_drive': { up: (db) => drive.up(db, dialect) },
    '0016_text_index': { up: (db) => textIndex.up(db, dialect) },
    '0017_file_owners': { up: (db) => fileOwners.up(db) },
    '0018_pending_uploads': { up: (db) => pendingUploads.up(db) },
    '0019_handoff_sessions': { up: (db) => handoffSessions.up(db) },
    '0021_api_rate_limit': { up: (db) => apiRateLimit.up(db, dialect) },
    '0022_content_versions': { up: (db) => contentVersions.up(db) },
    '0023_view_visits': { up: (db) => viewVisits.up(db) },
    '0024_sensitive_words': { up: (db) => sensitiveWords.up(db, dialect) },
    '0025_drive_share_links': { up: (db) => driveShareLinks.up(db) },
    '0026_jobs_previews': { up: (db) => jobsPreviews.up(db, dialect) },
    '0027_drive_trash': { up: (db) => driveTrash.up(db, dialect) },
    '0028_site_version': { up: (db) => siteVersion.up(db) },
    '0029_flat_lists': { up: (db) => flatLists.up(db, dialect) },
    '0030_mail_box_version': { up: (db) => mailBoxVersion.up(db) },
    '0032_shared_resumable': { up: (db) => sharedResumable.up(db) },
    '0033_app_passwords': { up: (db) => appPasswords.up(db, dialect) },
    '0034_staff_lists': { up: (db) => staffLists.up(db, dialect) },
    '0035_webdav': { up: (db) => webdav.up(db, dialect) },
    '0036_office_preview_turns': { up: (db) => officePreviewTurns.up(db) },
    '0037_file_leases': { up: (db) => fileLeases.up(db) },
    '0038_webdav_property_sizes': { up: (db) => webdavPropertySizes.up(db) },
    '0039_staff_import': { up: (db) => staffImport.up(db, dialect) },
    '0040_site_import': { up: (db) => siteImport.up(db, dialect) },
    '0041_setup': { up: (db) => setup.up(db) },
    '0044_approved_on_shelf': { up: (db) => approvedOnShelf.up(db) },
    '0045_sensitive_word_context': { up: (db) => sensitiveWordContext.up(db, dialect) },
    '0046_drive_folder_shares': { up: (db) => driveFolderShares.up(db, dialect) },
    '0047_magazine_version': { up: (db) => magazineVersion.up(db) },
    '0048_search_listed': { up: (db) => searchListed.up(db, dialect) },
    '0049_mail_scheduled': { up: (db) => mailScheduled.up(db) },
    '0050_mail_send_error': { up: (db) => mailSendError.up(db) },
    '0051_staff_handover': { up: (db) => staffHandover.up(db, dialect) },
    '0052_file_text': { up: (db) => fileText.up(db, dialect) },
    '0053_virus_scan': { up: (db) => virusScan.up(db, dialect) },
    '0054_drive_facets': { up: (db) => driveFacets.up(db, dialect) },
    '0055_mail_large_files': { up: (db) => mailLargeFiles.up(db, dialect) },
  };
}

/** The name of the newest migration this build carries: the level a backup records. */
export function latestMigration(dialect: DialectName): string {
  return Object.keys(migrations(dialect)).sort().at(-1)!;
}

/**
 * Runs the pending migrations, all of them or none: a migration that fails leaves the database
 * as it was before the upgrade began. Kysely's Migrator wraps the run in one transaction where the
 * dialect says DDL is transactional (PostgreSQL), but not on SQLite, although SQLite's DDL is
 * transactional too; there the run is wrapped here, on the one connection the Migrator uses.
 * `provide` replaces the migration set (the upgrade test: an older set, a failing migration).
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
  db: Kysely<any>,
  dialect: DialectName,
  provide: () => Record<string, Migration> = () => migrations(dialect),
): Promise<void> {
  const run = (on: typeof db) =>
    new Migrator({ db: on, provider: { getMigrations: async () => provide() } }).migrateToLatest();
  const { error, results } =
    dialect === 'sqlite'
      ? await db.connection().execute(async (connection) => {
          // IMMEDIATE: the write lock is taken now, so a serving process cannot slip a write
          // between the check of what is pending and the migrations.
          await sql`begin immediate`.execute(connection);
          const outcome = await run(connection).catch((err: unknown) => ({
            error: err,
            results: undefined,
          }));
          const failed = outcome.error || outcome.results?.some((r) => r.status === 'Error');
          await sql.raw(failed ? 'rollback' : 'commit').execute(connection);
          return outcome;
        })
      : await run(db);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { systemClock, type Clock } from '../time.js';
import { AppPasswords } from './auth/app-passwords.js';
import { appPasswordRoutes } from './auth/app-password-routes.js';
import { HandoffService, type HandoffTarget } from './auth/handoff-service.js';
import { handoffRoutes } from './auth/handoff-routes.js';
import { linkedRoutes } from './auth/linked-routes.js';
import { LinkedSystems } from './auth/linked-systems.js';
import { authRoutes } from './auth/routes.js';
import { AuthService } from './auth/service.js';
import { SessionStore } from './auth/session.js';
import { LoginThrottle } from './auth/throttle.js';
import { SensitiveWords } from './content/sensitive-words.js';
import { sensitiveWordRoutes } from './content/sensitive-word-routes.js';
import { EngagementService } from './engagement/service.js';
import { fileRoutes } from './files/routes.js';
import { FileService } from './files/service.js';
import { S3Storage } from './files/s3-storage.js';
import { LocalDiskStorage, type FileStorage } from './files/storage.js';
import { UploadService } from './files/upload.js';
import { VirusRescan } from './files/virus-rescan.js';
import { VirusScanner } from './files/virus-scan.js';
import { virusFindingTodo } from './todo/virus-findings.js';
import { uploadRoutes } from './files/upload-routes.js';
import { UploadSweep } from './files/upload-sweep.js';
import { FileTexts } from './files/file-texts.js';
import { VirusFindings } from './files/virus-findings.js';
import { virusFindingRoutes } from './files/virus-finding-routes.js';
import { OfficePreviews } from './files/office-previews.js';
import { JobQueue } from './jobs/queue.js';
import { healthRoutes } from './health/routes.js';
import { operLogRoutes } from './oplog/routes.js';
import { Handovers } from './org/handover.js';
import { FileSearches } from './search/file-search.js';
import { TextIndex } from './search/text-index.js';
import { SearchIndex } from './search/search-index.js';
import { TodoCounts } from './todo/counts.js';
import { todoRoutes } from './todo/routes.js';

export interface PlatformDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where file bytes live; defaults to `DATA_DIR/files` on local disk. */
  storage?: FileStorage;
  clock?: Clock;
  /** Wraps the storage, to watch what goes through it (the composition root counts bytes). */
  watchStorage?: (storage: FileStorage) => FileStorage;
}

/**
 * What every area uses: the database and clock, login and sessions, stored
 * files and uploads, the search index, views and likes.
 */
export function createPlatform(deps: PlatformDeps) {
  const { config, db, dialect } = deps;
  const clock = deps.clock ?? systemClock;
  const chosen =
    deps.storage ??
    (config.s3
      ? new S3Storage(config.s3)
      : new LocalDiskStorage(path.join(config.dataDir, 'files')));
  const storage = deps.watchStorage?.(chosen) ?? chosen;
  const files = new FileService(db, storage, clock, new VirusScanner(config.virusScan));
  const sessions = new SessionStore(db, config, clock);
  const uploads = new UploadService(files);
  const jobs = new JobQueue(db, dialect, clock);
  const texts = new TextIndex(db, dialect);
  const officePreviews = new OfficePreviews(db, files, jobs, clock, {
    soffice: config.sofficePath,
    bwrap: config.bwrapPath,
    memoryMb: config.officePreviewMemoryMb,
    cpuSeconds: config.officePreviewCpuSeconds,
    timeoutMs: config.officePreviewTimeoutSeconds * 1000,
  });
  const throttle = new LoginThrottle(db, config, clock, jobs);
  return {
    config,
    db,
    dialect,
    clock,
    sessions,
    auth: new AuthService(db, sessions, throttle, clock),
    /** Counts of failed logins (and other throttles' tries), pruned hourly in the job queue. */
    loginThrottle: throttle,
    /** App passwords for WebDAV clients: `authenticate(login, password, ip)` (README). */
    appPasswords: new AppPasswords(db, throttle, clock),
    files,
    uploads,
    /** Uploads nobody took up after PENDING_UPLOAD_HOURS; the drive and mail add their holds. */
    uploadSweep: new UploadSweep(db, dialect, files, clock, config.pendingUploadHours * 3_600_000),
    search: new SearchIndex(db, dialect, clock),
    /** The Chinese terms of mails and drive files, for their keyword searches. */
    texts,
    engagement: new EngagementService(db, clock),
    /** The word list titles and bodies are screened against before submit and publish. */
    sensitiveWords: new SensitiveWords(db, clock),
    /** The parts of a 离职交接 the areas add (the drive's); user management runs them. */
    handovers: new Handovers(),
    /** The staff home's to-do counts; leave and the content platform add theirs. */
    todo: new TodoCounts().with(virusFindingTodo(db)),
    /** The daily rescan of stored files against clamd's newest signatures. */
    virusRescan: new VirusRescan(db, files, jobs),
    /** Background work that outlives the process (issue 19); areas register their kinds. */
    jobs,
    /** PDFs of office documents, made by LibreOffice in the job queue. */
    officePreviews,
    /** Viruses found in uploads and on rescans, for system administrators to mark handled. */
    virusFindings: new VirusFindings(db, clock),
    /** The site search's 查资料: the drive registers its search of files by name and text. */
    fileSearch: new FileSearches(),
    /** The texts of documents, pulled out in the job queue, for the drive's search inside them. */
    fileTexts: new FileTexts(db, dialect, files, jobs, officePreviews, texts, clock, {
      bwrap: config.bwrapPath,
      node: process.execPath,
      pdftotext: config.pdftotextPath,
      memoryMb: config.officePreviewMemoryMb,
      cpuSeconds: config.officePreviewCpuSeconds,
      timeoutMs: config.officePreviewTimeoutSeconds * 1000,
    }),
  };
}

export type Platform = ReturnType<typeof createPlatform>;

/** The edit hand-off over the targets the areas register (visitType -> editor). */
export function createHandoff(platform: Platform, targets: Array<[number, HandoffTarget]>) {
  return new HandoffService(platform.db, platform.sessions, platform.clock, new Map(targets));
}

/** The platform's own calls: health, login, files and uploads, the operation log, the hand-off. */
export async function platformRoutes(
  api: FastifyInstance,
  services: Platform & { handoff: HandoffService },
) {
  await api.register(healthRoutes, {
    db: services.db,
    storage: services.files.storage,
    clock: services.clock,
  });
  await api.register(authRoutes, { auth: services.auth });
  await api.register(appPasswordRoutes, { appPasswords: services.appPasswords });
  await api.register(fileRoutes, { files: services.files });
  await api.register(uploadRoutes, { uploads: services.uploads });
  await api.register(operLogRoutes, { db: services.db });
  await api.register(sensitiveWordRoutes, { words: services.sensitiveWords });
  await api.register(handoffRoutes, { handoff: services.handoff });
  await api.register(todoRoutes, { todo: services.todo });
  await api.register(virusFindingRoutes, { findings: services.virusFindings });
  await api.register(linkedRoutes, {
    linked: new LinkedSystems(
      services.db,
      services.config.linkedSystems,
      services.sessions,
      services.handoff,
      services.clock,
    ),
    auth: services.auth,
    publicEntryPassword: services.config.publicEntryPassword,
  });
}

import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Content shown on the portal and authored in the content-management
 * platform: stored files, news with their files and special-topic sub-news,
 * likes and footprints, videos, magazines, the school-introduction pages
 * (wwfz) and people (fmsm), societies, banners and covers, and the search
 * index. Written once for both dialects; the search index is the one place
 * where each dialect uses its own inverted index (FTS5 / GIN).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();
  const fileRef = (c: ColumnDefinitionBuilder) =>
    c.references('stored_file.id').onDelete('set null');

  await withId('stored_file')
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // News of every column. Visibility: enable_type is the audience (1 everyone,
  // 2 staff only); an item is listed when on the shelf, approved and not deleted.
  await withId('news')
    .addColumn('type_id', 'integer', (c) => c.notNull().references('news_type.id'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('news_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content_kind', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('if_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sch_change', 'integer')
    .addColumn('enable_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('if_shelves', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('check_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'varchar(100)')
    .addColumn('release_user', 'varchar(64)')
    .addColumn('create_staff', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('dept_id', 'integer', (c) => c.references('department.id').onDelete('set null'))
    .addColumn('cover_file_id', 'integer', fileRef)
    .addColumn('link_url', 'varchar(500)')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shelves_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('status_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('news_list_idx', 'news', ['type_id', 'deleted', 'if_top', 'shelves_date']);
  await index('news_creator_idx', 'news', ['create_staff', 'created_at']);

  await withId('subject_news')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_kind', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'varchar(100)')
    .addColumn('release_user', 'varchar(64)')
    .addColumn('create_staff', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('subject_news_parent_idx', 'subject_news', ['news_id', 'deleted', 'sort']);

  // Files of a news item or sub-news: attachments, carousel images, carousel
  // videos. A legacy file (oldfile 1) has a path instead of a stored file.
  await withId('news_file')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.references('subject_news.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.references('stored_file.id').onDelete('cascade'))
    .addColumn('legacy_path', 'varchar(500)')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('caption', 'varchar(200)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('news_file_news_idx', 'news_file', ['news_id', 'subject_id', 'role', 'sort']);
  await index('news_file_file_idx', 'news_file', ['file_id']);

  // Likes: one per item per staff member, kept by the unique key.
  await withId('flower')
    .addColumn('info_table', 'varchar(32)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('flower_once_uq', ['info_table', 'obj_id', 'staff_id'])
    .execute();

  // Footprints: one row per logged-in view.
  await withId('footprint')
    .addColumn('info_table', 'varchar(32)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('footprint_obj_idx', 'footprint', ['info_table', 'obj_id', 'created_at']);

  await db.schema
    .createTable('video_type')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId('video')
    .addColumn('type_id', 'integer', (c) => c.notNull().references('video_type.id'))
    .addColumn('news_id', 'integer', (c) => c.references('news.id').onDelete('set null'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_file_id', 'integer', fileRef)
    .addColumn('source', 'varchar(100)')
    .addColumn('release_user', 'varchar(64)')
    .addColumn('create_staff', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('enable_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('if_shelves', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('check_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('if_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('video_list_idx', 'video', ['type_id', 'deleted', 'created_at']);

  await withId('video_file')
    .addColumn('video_id', 'integer', (c) => c.notNull().references('video.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) =>
      c.notNull().references('stored_file.id').onDelete('cascade'),
    )
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('video_file_video_idx', 'video_file', ['video_id', 'sort']);
  await index('video_file_file_idx', 'video_file', ['file_id']);

  await db.schema
    .createTable('magazine_series')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .execute();

  await withId('magazine')
    .addColumn('series_id', 'integer', (c) => c.notNull().references('magazine_series.id'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('cover_file_id', 'integer', fileRef)
    .addColumn('pdf_file_id', 'integer', fileRef)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_staff', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('magazine_series_idx', 'magazine', ['series_id', 'enabled', 'created_at']);

  // School-introduction pages (the spec's wwfz) and people (fmsm).
  await withId('intro_page')
    .addColumn('wwfz_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('en_title', 'varchar(200)')
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pic_file_id', 'integer', fileRef)
    .addColumn('enable_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('intro_page_type_idx', 'intro_page', ['wwfz_type', 'sort']);

  await withId('person')
    .addColumn('fmsm_type', 'integer', (c) => c.notNull())
    .addColumn('subject_id', 'integer')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pic_file_id', 'integer', fileRef)
    .addColumn('post', 'varchar(100)')
    .addColumn('plate_type', 'varchar(100)')
    .addColumn('brith', 'varchar(100)')
    .addColumn('enable_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index('person_type_idx', 'person', ['fmsm_type', 'sort']);

  await withId('society')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('logo_file_id', 'integer', fileRef)
    .addColumn('pic_file_id', 'integer', fileRef)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Home carousel (place 'home') and the cover banner of a section (place 'cover').
  await withId('banner')
    .addColumn('place', 'varchar(16)', (c) => c.notNull())
    .addColumn('type_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_file_id', 'integer', fileRef)
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('link_url', 'varchar(500)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('banner_place_idx', 'banner', ['place', 'type_id', 'sort']);

  // Search: one row per searchable item, with the visibility the public list uses.
  await withId('search_doc')
    .addColumn('info_table', 'varchar(32)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('if_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enable_type', 'integer', (c) => c.notNull())
    .addColumn('listed', 'integer', (c) => c.notNull())
    .addColumn('doc_date', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('search_doc_obj_uq', ['info_table', 'obj_id'])
    .$call((table) =>
      dialect === 'postgres' ? table.addColumn('terms', sql`text[]`, (c) => c.notNull()) : table,
    )
    .execute();
  if (dialect === 'postgres') {
    await sql`CREATE INDEX search_doc_terms_idx ON search_doc USING GIN (terms)`.execute(db);
  } else {
    // Terms are prepared by the app (characters and character pairs, separated
    // by spaces); FTS5 keeps only the inverted index, not a copy of the text.
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
      db,
    );
  }
}

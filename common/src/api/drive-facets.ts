import { ID_MAX, Id, Maybe, Nothing, Type, WordOf, endpoint, endpoints } from './shared.js';
import type { Static } from './shared.js';

/**
 * Teaching facets of the drive's library (教学资源分面): 学段, 年级 (each under a 学段), 学科
 * and 教材版本 are values of a dictionary that drive administrators keep; 章节 is free text
 * per file, with suggestions from the chapters already given in the same 学科 / 年级 / 版本.
 * All of it is optional and extra: the spec's calls answer and accept what they did.
 */

export const FACET_KINDS = ['stage', 'grade', 'subject', 'edition'] as const;
export type FacetKind = (typeof FACET_KINDS)[number];
export { CHAPTER_MAX, FACET_NAME_MAX } from '../limits.js';
import { CHAPTER_MAX, FACET_NAME_MAX } from '../limits.js';

/** A value of the dictionary. */
export const FacetValue = Type.Object({
  id: Type.Integer(),
  kind: WordOf(FACET_KINDS, 'kind'),
  name: Type.String(),
  /** A grade's stage (学段); null for the other kinds. */
  parentId: Maybe(Type.Integer()),
  sort: Type.Integer(),
  /** Disabled: kept on the files that have it, offered for no new choice. */
  enabled: Type.Boolean(),
  /** Library files that carry it (answered to drive administrators only). */
  useNum: Type.Optional(Type.Integer()),
});
export type FacetValue = Static<typeof FacetValue>;

const FacetId = (message: string) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: message }));

/** Facet filters of a list or search (form strings; '' = not given). */
export const FacetFilters = {
  stageId: FacetId('学段不正确'),
  gradeId: FacetId('年级不正确'),
  subjectId: FacetId('学科不正确'),
  editionId: FacetId('教材版本不正确'),
  chapter: Type.Optional(
    Type.String({ maxLength: CHAPTER_MAX, errorMessage: `章节不能超过${CHAPTER_MAX}个字` }),
  ),
};

const FacetChoice = (message: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: ID_MAX, errorMessage: message }));

/**
 * The facets an upload or an edit sets (library files only). An id sets a value, '0' clears
 * it, '' or absent: not given. On an edit, `withFacets` '1' says the form sends the facets in
 * full (a field not given is then cleared); without it the facets stay as they are.
 */
export const FacetFields = {
  stageId: FacetChoice('学段不正确'),
  gradeId: FacetChoice('年级不正确'),
  subjectId: FacetChoice('学科不正确'),
  editionId: FacetChoice('教材版本不正确'),
  chapter: Type.Optional(
    Type.String({ maxLength: CHAPTER_MAX, errorMessage: `章节不能超过${CHAPTER_MAX}个字` }),
  ),
};
export const WithFacets = {
  withFacets: Type.Optional(WordOf(['0', '1'], 'withFacets 只能为 0 或 1')),
};

/** A file's facets as lists and the detail answer them (extra fields of DriveRow). */
export const FacetOfRow = {
  stageId: Type.Optional(Maybe(Type.Integer())),
  gradeId: Type.Optional(Maybe(Type.Integer())),
  subjectId: Type.Optional(Maybe(Type.Integer())),
  editionId: Type.Optional(Maybe(Type.Integer())),
  chapter: Type.Optional(Maybe(Type.String())),
};

const Count = Type.Array(Type.Object({ id: Type.Integer(), num: Type.Integer() }));
/**
 * Files per value of each facet, under the other facets' filters (a facet's own filter left
 * out): the chosen value's count is what the list holds. Values without files are left out.
 */
export const FacetCounts = Type.Object({
  stage: Count,
  grade: Count,
  subject: Count,
  edition: Count,
});
export type FacetCounts = Static<typeof FacetCounts>;

const FacetName = Type.String({
  minLength: 1,
  maxLength: FACET_NAME_MAX,
  pattern: '\\S',
  errorMessage: `请填写名称，不超过${FACET_NAME_MAX}个字`,
});
const FacetRef = Id('请选择要修改的分面值');

/** api/resources/* of the facets: the dictionary, counts, chapter suggestions. */
export const driveFacetCalls = endpoints('drive', {
  facets: endpoint(
    '/resources/getFacets',
    'staff',
    '教学资源分面的字典：学段、年级（parentId 为所属学段）、学科、教材版本，按顺序；enabled 为 false 的已停用（不再供选择）；网盘管理员另得 useNum（使用该值的资源库文件数）',
    Type.Object({}),
    Type.Array(FacetValue),
  ),
  facetCounts: endpoint(
    '/resources/getFacetCounts',
    'staff',
    '资源库中各分面值的文件数（本人可见的文件）：每一分面按其余分面的筛选与关键字、类型、格式、文件夹（fId，含下级）计数，所选之值的数即列表的文件数；没有文件的值不列出',
    Type.Object({
      fId: Type.Optional(
        Type.Integer({ minimum: 0, maximum: ID_MAX, errorMessage: '文件夹编号不正确' }),
      ),
      KeywordName: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '搜索内容不能超过50个字' }),
      ),
      resourcesType: Type.Optional(Type.String({ maxLength: 16, errorMessage: '资源类型不正确' })),
      resourcesFileType: Type.Optional(
        Type.String({ maxLength: 16, errorMessage: '文件格式不正确' }),
      ),
      ...FacetFilters,
    }),
    FacetCounts,
  ),
  chapters: endpoint(
    '/resources/getChapters',
    'staff',
    '章节的建议：同一学科、年级、教材版本的资源库文件已填的章节（本人可见的文件），常用的在前，最多 20 个；keyword 为包含的文字',
    Type.Object({
      ...FacetFilters,
      keyword: Type.Optional(
        Type.String({ maxLength: CHAPTER_MAX, errorMessage: `章节不能超过${CHAPTER_MAX}个字` }),
      ),
    }),
    Type.Array(Type.String()),
  ),
  addFacet: endpoint(
    '/resources/addFacet',
    'driveAdmin',
    '新增分面值（网盘管理员）：kind 为 stage 学段、grade 年级（须有所属学段 parentId）、subject 学科、edition 教材版本；同一分面内不重名；排在最后',
    Type.Object({
      kind: WordOf(FACET_KINDS, '请选择分面：stage、grade、subject 或 edition'),
      name: FacetName,
      parentId: Type.Optional(Id('请选择所属学段')),
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  editFacet: endpoint(
    '/resources/editFacet',
    'driveAdmin',
    '修改分面值（网盘管理员）：name 重命名，enabled 0 停用、1 启用，parentId 改年级所属学段；不填的不变',
    Type.Object({
      id: FacetRef,
      name: Type.Optional(FacetName),
      enabled: Type.Optional(WordOf(['0', '1'], 'enabled 只能为 0 或 1')),
      parentId: Type.Optional(Id('请选择所属学段')),
    }),
    Nothing,
  ),
  moveFacet: endpoint(
    '/resources/moveFacet',
    'driveAdmin',
    '调整分面值的顺序（网盘管理员）：direction up 上移、down 下移（年级在同一学段内）',
    Type.Object({
      id: FacetRef,
      direction: WordOf(['up', 'down'], 'direction 须为 up 或 down'),
    }),
    Nothing,
  ),
  delFacet: endpoint(
    '/resources/delFacet',
    'driveAdmin',
    '删除分面值（网盘管理员）：有资源库文件使用的值不能删除（409，可先停用）；有年级的学段不能删除',
    Type.Object({ id: Id('请选择要删除的分面值') }),
    Nothing,
  ),
});

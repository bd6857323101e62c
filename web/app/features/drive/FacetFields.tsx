import { CHAPTER_MAX } from '@school/common';
import { AutoComplete, Form, Select, type FormInstance } from 'antd';
import { useApiData } from '../../api/page-data';
import { FACET_LABELS, valuesOf, type FacetKind, type FacetValue } from './facet-data';

/** The facet fields of an upload or edit form (ids as numbers, chapter as text). */
export interface FacetFormValues {
  stageId?: number | null;
  gradeId?: number | null;
  subjectId?: number | null;
  editionId?: number | null;
  chapter?: string;
}

/** What a form's facet values send: '' for none (with withFacets '1' on an edit: cleared). */
export const facetBody = (values: FacetFormValues) => ({
  stageId: values.stageId ?? '',
  gradeId: values.gradeId ?? '',
  subjectId: values.subjectId ?? '',
  editionId: values.editionId ?? '',
  chapter: values.chapter?.trim() ?? '',
});

/** The dictionary, read once for a form or a panel. */
export function useFacetValues(): FacetValue[] {
  return useApiData('resources/getFacets', {}, [], { quiet: true }).data ?? [];
}

/**
 * 学段 → 年级 (the grades of the chosen stage), 学科, 教材版本 and 章节 (free text, with the
 * chapters already given in the same 学科 / 年级 / 版本 as suggestions). Disabled values are
 * offered only where the file already has them.
 */
export function FacetFields<T extends FacetFormValues>({
  form,
  kept = {},
}: {
  form: FormInstance<T>;
  /** The file's own values (an edit): kept selectable even when disabled. */
  kept?: FacetFormValues;
}) {
  const all = useFacetValues();
  const stageId = Form.useWatch('stageId', form) as number | null | undefined;
  const gradeId = Form.useWatch('gradeId', form) as number | null | undefined;
  const subjectId = Form.useWatch('subjectId', form) as number | null | undefined;
  const editionId = Form.useWatch('editionId', form) as number | null | undefined;
  const chapters =
    useApiData(
      subjectId ? 'resources/getChapters' : null,
      {
        subjectId: subjectId ?? undefined,
        gradeId: gradeId ?? undefined,
        editionId: editionId ?? undefined,
      },
      [],
      { quiet: true },
    ).data ?? [];

  const options = (kind: FacetKind, field: keyof FacetFormValues, stage?: number | null) =>
    valuesOf(all, kind, {
      enabledOnly: true,
      stageId: stage,
      keep: kept[field] as number | null | undefined,
    }).map((value) => ({
      value: value.id,
      label: value.enabled ? value.name : `${value.name}（已停用）`,
    }));
  const select = (kind: FacetKind, field: keyof FacetFormValues, stage?: number | null) => (
    <Form.Item name={field} label={FACET_LABELS[kind]} className="facet-field">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={`请选择${FACET_LABELS[kind]}`}
        aria-label={FACET_LABELS[kind]}
        options={options(kind, field, stage)}
        onChange={
          kind === 'stage'
            ? (next?: number) => {
                // A grade of another stage no longer fits.
                const grade = all.find((value) => value.id === gradeId);
                if (grade && grade.parentId !== next) {
                  form.setFieldValue('gradeId' as never, null as never);
                }
              }
            : kind === 'grade'
              ? (next?: number) => {
                  const grade = all.find((value) => value.id === next);
                  if (grade) form.setFieldValue('stageId' as never, grade.parentId as never);
                }
              : undefined
        }
      />
    </Form.Item>
  );

  return (
    <fieldset className="facet-fields">
      <legend>教学分面（选填）</legend>
      <div className="facet-field-grid">
        {select('stage', 'stageId')}
        {select('grade', 'gradeId', stageId)}
        {select('subject', 'subjectId')}
        {select('edition', 'editionId')}
      </div>
      <Form.Item name="chapter" label="章节" className="facet-field">
        <AutoComplete
          aria-label="章节"
          placeholder="如：第一章 集合与常用逻辑用语"
          maxLength={CHAPTER_MAX}
          allowClear
          options={chapters.map((chapter) => ({ value: chapter }))}
          filterOption={(input, option) => String(option?.value ?? '').includes(input.trim())}
        />
      </Form.Item>
    </fieldset>
  );
}

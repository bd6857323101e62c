import { Select } from 'antd';
import type { Dictionary } from './drive-api';
import type { DriveQuery } from './drive-load';
import { SearchInput } from '../../components/ui/SearchInput';

/** 类型 and 文件格式 (the dictionaries) and the search box of a drive list. */
export function DriveFilters({
  query,
  types,
  formats,
  placeholder,
  onChange,
  onSearch,
}: {
  query: DriveQuery;
  types: Dictionary;
  formats: Dictionary;
  placeholder: string;
  onChange: (changes: Record<string, string | undefined>) => void;
  /** The search box, when it filters this list (not when it leads to huntFor). */
  onSearch?: (keyword: string) => void;
}) {
  return (
    <div className="drive-filters">
      <Select
        className="drive-filter"
        aria-label="类型"
        placeholder="类型"
        allowClear
        value={query.resourcesType || undefined}
        options={types.map((t) => ({ value: t.dicValue, label: t.dicName }))}
        onChange={(value?: string) => onChange({ resourcesType: value })}
      />
      <Select
        className="drive-filter"
        aria-label="文件格式"
        placeholder="文件格式"
        allowClear
        value={query.resourcesFileType || undefined}
        options={formats.map((t) => ({ value: t.dicValue, label: t.dicName }))}
        onChange={(value?: string) => onChange({ resourcesFileType: value })}
      />
      {onSearch && (
        <SearchInput
          className="drive-search"
          placeholder={placeholder}
          aria-label={placeholder}
          defaultValue={query.keyword}
          allowClear
          enterButton="搜索"
          onSearch={(value) => onSearch(value.trim())}
        />
      )}
    </div>
  );
}

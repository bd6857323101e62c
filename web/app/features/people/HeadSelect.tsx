import type { ApiData } from '@school/common/api';
import { Select } from 'antd';
import { useRef, useState } from 'react';
import { call } from '../../api/client';

type StaffOption = ApiData<'cms/staff/list'>['list'][number];

/**
 * 负责人: a staff member chosen by name, code or phone (api/cms/staff/list,
 * active accounts); empty for none. `current` names the head already set.
 */
export function HeadSelect({
  value,
  onChange,
  current,
}: {
  value?: number | null;
  onChange?: (staffId: number | null) => void;
  current?: { staffId: number; staffName: string } | null;
}) {
  const [options, setOptions] = useState<StaffOption[]>([]);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);

  const search = async (keyword: string) => {
    const ask = ++asked.current;
    setLoading(true);
    try {
      const page = await call('cms/staff/list', {
        keyword: keyword.trim() || undefined,
        status: 1,
        pageNum: 1,
        pageSize: 20,
      });
      if (ask === asked.current) setOptions(page.list);
    } catch {
      if (ask === asked.current) setOptions([]);
    } finally {
      if (ask === asked.current) setLoading(false);
    }
  };

  const shown = [
    ...(current && !options.some((o) => o.staffId === current.staffId)
      ? [{ value: current.staffId, label: current.staffName }]
      : []),
    ...options.map((o) => ({
      value: o.staffId,
      label: `${o.staffName}（${o.staffCode}${o.deptName ? `，${o.deptName}` : ''}）`,
    })),
  ];
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (keyword) => void search(keyword) }}
      allowClear
      aria-label="负责人"
      placeholder="输入姓名或工号搜索"
      style={{ width: 260 }}
      loading={loading}
      value={value ?? undefined}
      options={shown}
      onChange={(staffId) => onChange?.(staffId ?? null)}
      // The first choices are read when the list is first opened.
      onFocus={() => {
        if (asked.current === 0) void search('');
      }}
      notFoundContent={loading ? '搜索中…' : '没有找到用户'}
    />
  );
}

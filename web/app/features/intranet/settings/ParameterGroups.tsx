import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useLoadFailure, usePageLoading, type Read } from '../../../api/page-data';
import { ParameterFormModal, type ParameterEdit } from './ParameterFormModal';
import { ParameterListCard, SingleParameterTable } from './ParameterTables';
import { filterGroups, parameterSections, type ParameterGroup } from './site-forms';
import { useMoved } from './site-hooks';
import { SearchInput } from '../../../components/ui/SearchInput';

/**
 * 系统参数与外部站点: every code with its rows in three sections (links and
 * external sites, the school's details, codes of the administrator's own),
 * a search over them, and the form.
 */
export function ParameterGroups({ loaded }: { loaded: Read<ParameterGroup[]> }) {
  const [text, setText] = useState('');
  const [edit, setEdit] = useState<{ open: boolean; edit: ParameterEdit }>({
    open: false,
    edit: { group: null, row: null },
  });
  useLoadFailure(loaded);
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const [data, setData] = useMoved(loaded.data);
  const sections = parameterSections(filterGroups(data, text));
  const open = (next: ParameterEdit) => setEdit({ open: true, edit: next });

  return (
    <section className="cms-panel" aria-label="系统参数与外部站点">
      <div className="cms-panel-head">
        <h1>系统参数与外部站点</h1>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => open({ group: null, row: null })}
        >
          新增参数编码
        </Button>
      </div>
      <Typography.Paragraph type="secondary">
        门户与教职工页面读取这些参数，保存后刷新页面即生效；网站正在使用的参数不能删除，可以修改。
      </Typography.Paragraph>
      <div className="cms-filters">
        <SearchInput
          allowClear
          placeholder="编码、名称或地址"
          aria-label="搜索参数"
          style={{ width: 260 }}
          onChange={(event) => setText(event.target.value)}
          onSearch={setText}
        />
      </div>
      <Spin spinning={loading}>
        {sections.length === 0 && !loading && <Empty description="暂无数据" />}
        {sections.map((section) => (
          <div key={section.title} role="group" aria-label={section.title}>
            <Typography.Title level={5}>{section.title}</Typography.Title>
            {section.singles.length > 0 && (
              <SingleParameterTable groups={section.singles} onEdit={open} onChanged={reload} />
            )}
            {section.lists.map((group) => (
              <ParameterListCard
                key={group.parameteCode}
                group={group}
                onEdit={open}
                onChanged={reload}
                onMoved={(rows) =>
                  setData(
                    data.map((g) => (g.parameteCode === group.parameteCode ? { ...g, rows } : g)),
                  )
                }
              />
            ))}
          </div>
        ))}
      </Spin>
      <ParameterFormModal
        open={edit.open}
        edit={edit.edit}
        onClose={() => setEdit((e) => ({ ...e, open: false }))}
        onSaved={() => {
          setEdit((e) => ({ ...e, open: false }));
          reload();
        }}
      />
    </section>
  );
}

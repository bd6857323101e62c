import type { ApiData } from '@school/common/api';
import { Typography } from 'antd';
import { Thumb } from '../../../components/ui/Thumb';
import { IntroTable, actionsColumn, audienceColumn, type IntroTableProps } from './IntroTable';
import { fmsmPageHref, fmsmTypeName } from './intro-types';

/** A row of api/cms/fmsm/list. */
export type PersonRow = ApiData<'cms/fmsm/list'>['list'][number];

/** People in the order meetfuyi shows them, with their photos and 编辑 / 查看 / 删除. */
export function PersonTable({ onEdit, onDelete, ...props }: IntroTableProps<PersonRow>) {
  return (
    <IntroTable<PersonRow>
      {...props}
      rowKey="fmsmId"
      totalText={(total) => `共 ${total} 人`}
      columns={[
        {
          title: '照片',
          width: 90,
          render: (_, row) => (
            <Thumb
              url={row.fmsmPic}
              thumbUrl={row.picThumbUrl}
              alt={row.fmsmTitle}
              width={60}
              height={72}
            />
          ),
        },
        { title: '姓名', dataIndex: 'fmsmTitle', width: 120 },
        {
          title: '栏目',
          width: 190,
          render: (_, row) => fmsmTypeName(row.fmsmType) || row.fmsmTypeName,
        },
        {
          title: '职务或说明',
          render: (_, row) => (
            <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 320 }}>
              {[row.plateType, row.post, row.brith].filter(Boolean).join(' · ') || row.fmsmDesc}
            </Typography.Text>
          ),
        },
        audienceColumn(100),
        { title: '排序号', dataIndex: 'sort', width: 80 },
        actionsColumn<PersonRow>({
          id: (row) => row.fmsmId,
          name: (row) => row.fmsmTitle,
          href: fmsmPageHref,
          onEdit,
          onDelete,
        }),
      ]}
    />
  );
}

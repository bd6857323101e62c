import type { ApiData } from '@school/common/api';
import { Space, Typography } from 'antd';
import { Thumb } from '../../../components/ui/Thumb';
import { IntroTable, actionsColumn, audienceColumn, type IntroTableProps } from './IntroTable';
import { wwfzPageHref } from './intro-types';

/** A row of api/cms/wwfz/list. */
export type IntroPageRow = ApiData<'cms/wwfz/list'>['list'][number];

/** The pages in the order meetfuyi shows them, with 编辑 / 查看 / 删除. */
export function IntroPageTable({ onEdit, onDelete, ...props }: IntroTableProps<IntroPageRow>) {
  return (
    <IntroTable<IntroPageRow>
      {...props}
      rowKey="wwfzId"
      totalText={(total) => `共 ${total} 个页面`}
      columns={[
        {
          title: '图片',
          width: 110,
          render: (_, row) => (
            <Thumb
              url={row.wwfzPic}
              thumbUrl={row.picThumbUrl}
              alt={row.wwfzTitle}
              width={88}
              height={60}
            />
          ),
        },
        {
          title: '标题',
          render: (_, row) => (
            <Space direction="vertical" size={0}>
              <span>{row.wwfzTitle}</span>
              {(row.enWwfzTitle || row.wwfzDesc) && (
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 420 }}>
                  {row.enWwfzTitle || row.wwfzDesc}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        { title: '栏目', dataIndex: 'wwfzTypeName', width: 110 },
        audienceColumn(110),
        { title: '排序号', dataIndex: 'sort', width: 80 },
        { title: '创建时间', dataIndex: 'createDate', width: 170 },
        actionsColumn<IntroPageRow>({
          id: (row) => row.wwfzId,
          name: (row) => row.wwfzTitle,
          href: wwfzPageHref,
          onEdit,
          onDelete,
        }),
      ]}
    />
  );
}

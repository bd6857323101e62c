import type { VirusFinding } from '@school/common/api';
import { App, Button, Popconfirm, Segmented, Table, Tag } from 'antd';
import { useRevalidator } from 'react-router';
import { call } from '../../api/client';
import { errorText, usePageLoading, useSearchState } from '../../api/page-data';

export const FINDINGS_PAGE_SIZE = 20;

const STATES = [
  { value: '0', label: '待处理' },
  { value: '1', label: '已处理' },
  { value: '', label: '全部' },
];

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * 病毒检测记录 (/cms/virusFinding, system administrators): the files the virus scan refused
 * as they came in, or found on the daily rescan (their bytes are gone), newest first; one is
 * marked handled once the uploader is told and their computer cleaned.
 */
export function FindingList({
  state,
  pageNum,
  page,
}: {
  state: '' | '0' | '1';
  pageNum: number;
  page: { total: number; list: VirusFinding[] } | null;
}) {
  const { message } = App.useApp();
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const { change, setPage } = useSearchState();

  const handle = async (row: VirusFinding) => {
    try {
      await call('cms/virusFinding/handle', { findingId: row.findingId });
      message.success(`已将“${row.fileName}”标记为已处理`);
      void revalidate();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <>
      <p className="cms-hint">
        上传的文件（网盘、邮件附件、内容管理与旧站导入）在保存前都经病毒扫描；检测到病毒的文件不会保存，上传者当即看到“检测到病毒：名称，文件已隔离”。
        每日复查用新的病毒库扫描已保存的文件，查出的文件同样隔离。请告知上传者并查杀其电脑，然后标记为已处理。
      </p>
      <div className="cms-filters">
        <Segmented
          aria-label="处理状态"
          value={state}
          options={STATES}
          onChange={(value) => change({ state: value === '0' ? undefined : value || 'all' })}
        />
      </div>
      <Table<VirusFinding>
        className="cms-findings-table"
        rowKey="findingId"
        loading={loading}
        dataSource={page?.list ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: state === '0' ? '暂无待处理的检测记录' : '暂无检测记录' }}
        pagination={{
          current: pageNum,
          pageSize: FINDINGS_PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPage,
        }}
        columns={[
          { title: '文件名', dataIndex: 'fileName', ellipsis: true },
          { title: '大小', width: 90, render: (_, row) => sizeText(row.fileSize) },
          { title: '病毒名称', dataIndex: 'virusName', ellipsis: true },
          { title: '上传者', width: 100, render: (_, row) => row.uploaderName ?? '—' },
          {
            title: '发现于',
            width: 90,
            render: (_, row) => (row.foundBy === 'upload' ? '上传时' : '每日复查'),
          },
          { title: '发现时间', dataIndex: 'foundDate', width: 150 },
          {
            title: '状态',
            width: 200,
            render: (_, row) =>
              row.handled ? (
                <span>
                  <Tag color="green">已处理</Tag>
                  {row.handledByName ?? ''} {row.handledDate ?? ''}
                </span>
              ) : (
                <Popconfirm
                  title="确认已告知上传者并完成查杀？"
                  okText="已处理"
                  cancelText="取消"
                  onConfirm={() => handle(row)}
                >
                  <Button size="small" type="primary" ghost>
                    标记已处理
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </>
  );
}

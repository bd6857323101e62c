import type { ApiData } from '@school/common/api';
import { Descriptions, List, Typography } from 'antd';

export type HandoverReport = ApiData<'cms/staff/handover'>;

const sizeText = (bytes: number) =>
  bytes >= 1048576
    ? `${(bytes / 1048576).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What a 离职交接 did: who, when, by whom, and each line with some of its names. */
export function HandoverReportView({ report }: { report: HandoverReport }) {
  return (
    <div aria-label="交接报告">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'from', label: '离职人', children: report.staffName },
          { key: 'to', label: '接收人', children: report.receiverName },
          { key: 'by', label: '办理人', children: report.handedBy },
          { key: 'at', label: '办理时间', children: report.handoverDate },
          {
            key: 'folder',
            label: '网盘位置',
            children: report.folderName
              ? `${report.receiverName}的个人网盘 /${report.folderName}`
              : '个人网盘为空，没有移动文件',
          },
        ]}
      />
      <List
        style={{ marginTop: 12 }}
        size="small"
        bordered
        dataSource={report.items}
        renderItem={(item) => (
          <List.Item>
            <div style={{ width: '100%' }}>
              <Typography.Text strong>{item.what}</Typography.Text>
              <Typography.Text style={{ marginInlineStart: 8 }}>
                {item.count} 项{item.size ? `，共 ${sizeText(item.size)}` : ''}
              </Typography.Text>
              {item.names.length > 0 && (
                <div>
                  <Typography.Text type="secondary">
                    {item.names.join('、')}
                    {item.count > item.names.length ? ` 等 ${item.count} 项` : ''}
                  </Typography.Text>
                </div>
              )}
            </div>
          </List.Item>
        )}
      />
    </div>
  );
}

import { FileOutlined } from '@ant-design/icons';
import type { DriveRow } from '@school/common/api';
import { App, Checkbox, Empty, List, Modal, Pagination, Segmented, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import { errorText, type ListPage } from '../../api/page-data';
import { formatBytes } from '../../lib/size';
import { SearchInput } from './SearchInput';

const PAGE_SIZE = 8;
const PLACES = [
  { label: '我的网盘', value: 2 },
  { label: '教学网盘', value: 1 },
];

/** A file of the teaching drive as a picker hands it over. */
export interface PickedDriveFile {
  /** The stored file (the number in resourcesPath /api/files/<id>). */
  fileId: number;
  /** The resource's name, given the uploaded file's extension when it has none. */
  fileName: string;
}

/** A resource's name, given the uploaded file's extension when it has none. */
export function nameWithExtension(name: string, fileName: string | null): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/;
  const uploaded = extension.exec(fileName ?? '')?.[0];
  return extension.test(name) || !uploaded ? name : `${name}${uploaded}`;
}

const pickedOf = (row: DriveRow): PickedDriveFile => ({
  fileId: Number(/\/api\/files\/(\d+)/.exec(row.resourcesPath ?? '')?.[1] ?? 0),
  fileName: nameWithExtension(row.resourcesName, row.resourcesFname),
});

/**
 * Picks files of the teaching drive for another page (a mail's attachments):
 * one's own disk or the library, with a search and pages, through the drive's
 * search (api/resources/searchResources, which shows only what the person may
 * see). `onPick` gets at most `max` files.
 */
export function DriveFilePicker({
  open,
  max,
  onPick,
  onClose,
}: {
  open: boolean;
  /** How many more files may be taken. */
  max: number;
  onPick: (files: PickedDriveFile[]) => Promise<void>;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [place, setPlace] = useState(2);
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const key = `${place}|${keyword}|${pageNum}`;
  const [shown, setShown] = useState<{ key: string; page: ListPage<DriveRow> } | null>(null);
  const [chosen, setChosen] = useState<Map<number, DriveRow>>(new Map());
  const [saving, setSaving] = useState(false);
  const loading = open && shown?.key !== key;

  useEffect(() => {
    if (!open) return;
    let live = true;
    call('resources/searchResources', {
      zylxType: place,
      KeywordName: keyword,
      pageNum,
      pageSize: PAGE_SIZE,
    })
      .then((page) => live && setShown({ key: `${place}|${keyword}|${pageNum}`, page }))
      .catch((err: unknown) => {
        if (!live) return;
        message.error(errorText(err));
        setShown({ key: `${place}|${keyword}|${pageNum}`, page: { list: [], total: 0 } });
      });
    return () => {
      live = false;
    };
  }, [open, place, keyword, pageNum, message]);

  const close = () => {
    setChosen(new Map());
    onClose();
  };

  const toggle = (row: DriveRow, on: boolean) => {
    const next = new Map(chosen);
    if (on) {
      if (next.size >= max) return void message.warning(`最多还能添加${max}个附件`);
      next.set(row.resourcesId ?? 0, row);
    } else {
      next.delete(row.resourcesId ?? 0);
    }
    setChosen(next);
  };

  const confirm = async () => {
    if (chosen.size === 0) return void message.error('请选择文件');
    setSaving(true);
    try {
      await onPick([...chosen.values()].map(pickedOf));
      close();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  // Rows of another place, search or page are never shown: a click lands on
  // what the person sees.
  const page = shown?.key === key ? shown.page : undefined;
  return (
    <Modal
      title="从网盘添加"
      open={open}
      onCancel={close}
      onOk={() => void confirm()}
      okText={chosen.size ? `添加（${chosen.size}）` : '添加'}
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      width={640}
    >
      <div className="drive-picker-bar">
        <Segmented
          options={PLACES}
          value={place}
          onChange={(value) => {
            setPlace(Number(value));
            setPageNum(1);
          }}
        />
        <SearchInput
          allowClear
          placeholder="文件名或关键字搜索"
          aria-label="搜索网盘文件"
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
      </div>
      <Spin spinning={loading}>
        {!page ? (
          <div className="drive-picker-loading" aria-busy="true" />
        ) : page.list.length === 0 ? (
          <Empty description="暂无资源" />
        ) : (
          <List
            className="drive-picker-list"
            dataSource={page.list}
            renderItem={(row) => (
              <List.Item
                extra={
                  <span className="muted">
                    {formatBytes(row.resourcesSize)} · {row.statusDate.slice(0, 10)}
                  </span>
                }
              >
                <Checkbox
                  checked={chosen.has(row.resourcesId ?? 0)}
                  onChange={(event) => toggle(row, event.target.checked)}
                >
                  <FileOutlined aria-hidden /> {row.resourcesName}
                </Checkbox>
              </List.Item>
            )}
          />
        )}
      </Spin>
      {/* The pager stays put while the next page loads. */}
      {shown && shown.page.total > PAGE_SIZE && (
        <Pagination
          className="drive-picker-pager"
          size="small"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={shown.page.total}
          showSizeChanger={false}
          onChange={setPageNum}
        />
      )}
    </Modal>
  );
}

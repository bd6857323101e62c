import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  List,
  Popconfirm,
  Progress,
  Result,
  Space,
  Typography,
  Upload,
} from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, type ApiData } from '../../../api/client';
import { errorText } from '../../../api/page-data';
import {
  SHEET_ACCEPT,
  SHEET_MAX_MB,
  downloadSheet,
  passwordsAddress,
  previewSheet,
  type ImportPlan,
} from './import-api';
import { PlanTable } from './PlanTable';

type Applied = ApiData<'cms/staffImport/apply'>;
type Missing = ImportPlan['missing'];

/** 未在表中: enabled accounts the sheet leaves out, each a link to its row on the staff page. */
function MissingList({ missing }: { missing: Missing }) {
  if (!missing.length) return null;
  return (
    <Card size="small" title={`未在表中的启用账号（${missing.length}）`} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        导入不会停用或删除账号；如这些人已离开，请在用户管理中停用。
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={missing}
        pagination={missing.length > 20 ? { pageSize: 20, size: 'small' } : false}
        renderItem={(item) => (
          <List.Item>
            <Link to={`/cms/staff?keyword=${encodeURIComponent(item.code)}`}>
              {item.code} {item.name}
            </Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * 人员导入: download the template, upload a sheet (progress), read its dry run, 确认导入,
 * then download the new accounts' initial passwords once.
 */
export function StaffImport() {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [skipErrors, setSkipErrors] = useState(false);
  const [applying, setApplying] = useState(false);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [downloaded, setDownloaded] = useState(false);

  const upload = async (file: File) => {
    setPlan(null);
    setApplied(null);
    setSkipErrors(false);
    setProgress(0);
    try {
      setPlan(await previewSheet(file, setProgress));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setProgress(null);
    }
  };

  const apply = async () => {
    if (!plan) return;
    setApplying(true);
    try {
      const result = await call('cms/staffImport/apply', {
        importId: plan.importId,
        skipErrors: skipErrors ? 1 : 0,
      });
      setApplied(result);
      setDownloaded(false);
      message.success('导入成功');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setApplying(false);
    }
  };

  const downloadPasswords = async () => {
    if (!plan || !applied) return;
    try {
      await downloadSheet(passwordsAddress(plan.importId, applied.downloadToken), '初始密码.xlsx');
    } catch (err) {
      message.error(errorText(err));
    }
    // Once only, whether it arrived or not: the server has cleared them.
    setDownloaded(true);
  };

  const downloadTemplate = () =>
    downloadSheet('/api/cms/staffImport/template', '人员导入模板.xlsx').catch((err: unknown) =>
      message.error(errorText(err)),
    );

  if (applied && plan) {
    return (
      <>
        <Result
          status="success"
          title="导入完成"
          subTitle={`新建 ${applied.created} 人，更新 ${applied.updated} 人，不变 ${applied.same} 人，跳过 ${applied.skipped} 行，新建部门 ${applied.departmentsCreated} 个`}
          extra={
            <Space wrap>
              {applied.downloadToken && !downloaded && (
                <Button
                  type="primary"
                  icon={<DownloadOutlined aria-hidden />}
                  onClick={downloadPasswords}
                >
                  下载初始密码
                </Button>
              )}
              <Button onClick={() => (setPlan(null), setApplied(null))}>继续导入</Button>
              <Link to="/cms/staff">前往用户管理</Link>
            </Space>
          }
        >
          {applied.downloadToken && (
            <Alert
              type={downloaded ? 'info' : 'warning'}
              showIcon
              message={
                downloaded
                  ? '初始密码已下载，不能再次下载。请妥善分发，新用户首次登录须修改密码。'
                  : '初始密码只能下载一次，离开本页后无法再取得，请立即下载。'
              }
            />
          )}
        </Result>
        <MissingList missing={applied.missing} />
      </>
    );
  }

  const blocked = !plan || (plan.counts.error > 0 && !skipErrors);
  const nothing = plan && plan.counts.create + plan.counts.update === 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title="第一步：下载模板">
        <Space wrap>
          <Button icon={<DownloadOutlined aria-hidden />} onClick={downloadTemplate}>
            下载模板
          </Button>
          <Typography.Text type="secondary">
            按模板填写账号、姓名、身份、部门（如 教务处/高一年级组）等，支持 .xlsx 与 CSV（UTF-8 或
            GBK）。
          </Typography.Text>
        </Space>
      </Card>
      <Card size="small" title="第二步：上传人员表">
        <Upload.Dragger
          accept={SHEET_ACCEPT}
          showUploadList={false}
          disabled={progress !== null}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">
            点击或拖入人员表（.xlsx / .csv，最大 {SHEET_MAX_MB} MB）
          </p>
          <p className="ant-upload-hint">上传后先预检，确认无误再导入，不会直接写入。</p>
        </Upload.Dragger>
        {progress !== null && <Progress percent={progress} status="active" aria-label="上传进度" />}
      </Card>
      {plan && (
        <Card size="small" title={`第三步：预检结果（${plan.fileName}）`}>
          {plan.newDepartments.length > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message={`将新建部门：${plan.newDepartments.join('、')}`}
            />
          )}
          {plan.counts.error > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              message={`有 ${plan.counts.error} 行存在错误：请修正后重新上传，或勾选“跳过错误行”只导入其余的行。`}
            />
          )}
          <PlanTable plan={plan} />
          <Space wrap style={{ marginTop: 12 }}>
            {plan.counts.error > 0 && (
              <Checkbox checked={skipErrors} onChange={(e) => setSkipErrors(e.target.checked)}>
                跳过错误行
              </Checkbox>
            )}
            <Popconfirm
              title="确认导入"
              description={`将新建 ${plan.counts.create} 人、更新 ${plan.counts.update} 人，不会删除任何账号。`}
              okText="确认导入"
              cancelText="取消"
              onConfirm={apply}
              disabled={blocked || !!nothing}
            >
              <Button type="primary" loading={applying} disabled={blocked || !!nothing}>
                确认导入
              </Button>
            </Popconfirm>
            {nothing && (
              <Typography.Text type="secondary">没有需要新建或更新的账号</Typography.Text>
            )}
          </Space>
          <MissingList missing={plan.missing} />
        </Card>
      )}
    </Space>
  );
}

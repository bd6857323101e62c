import { Modal, Spin } from 'antd';
import { useApiData } from '../../../api/page-data';
import type { StaffRow } from '../staff-types';
import { HandoverReportView } from './HandoverReportView';

/** A left account's 交接报告, as it was kept when the handover was done. */
export function HandoverReportModal({
  staff,
  onClose,
}: {
  /** null: closed. */
  staff: StaffRow | null;
  onClose: () => void;
}) {
  const { data, loading } = useApiData(
    staff ? 'cms/staff/handoverReport' : null,
    { staffId: staff?.staffId ?? 0 },
    null,
  );
  return (
    <Modal
      open={staff !== null}
      title={staff ? `交接报告：${staff.staffName}` : '交接报告'}
      width={620}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {loading || !data ? <Spin /> : <HandoverReportView report={data} />}
    </Modal>
  );
}

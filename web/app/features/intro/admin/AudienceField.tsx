import { Form, InputNumber, Radio } from 'antd';

export const AUDIENCES = [
  { value: 1, label: '所有人可见' },
  { value: 2, label: '仅教职工可见' },
];

export const audienceName = (enableType: number) =>
  AUDIENCES.find((a) => a.value === enableType)?.label ?? '';

/** enableType and sort, the last two fields of every introduction form. */
export function AudienceAndSort() {
  return (
    <>
      <Form.Item name="enableType" label="可见范围" extra="仅教职工可见的内容不在门户上显示">
        <Radio.Group aria-label="可见范围" options={AUDIENCES} />
      </Form.Item>
      <Form.Item name="sort" label="排序号" extra="数字小的在前，相同时新的在前">
        <InputNumber aria-label="排序号" min={0} max={100000} precision={0} />
      </Form.Item>
    </>
  );
}

import { App, Button, Form, Input, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { menuDefaults, tileDefaults } from '../../lib/site-labels';
import { refreshSite } from '../../root';
import { LabelledList } from './LabelledList';
import { PictureField } from './PictureField';
import { ThemeColorField } from './ThemeColorField';
import { formOf, payloadOf, type SettingsForm, type SiteSettings } from './site-settings';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = `site-section-${title}`;
  return (
    <section className="site-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      {children}
    </section>
  );
}

/** Each renamable label with its default (made of the short name being typed) as placeholder. */
function LabelInputs({
  name,
  rows,
}: {
  name: 'menu' | 'tiles';
  rows: Array<{ key: string; label: string }>;
}) {
  return (
    <div className="site-labels">
      {rows.map((row) => (
        <Form.Item key={row.key} name={[name, row.key]} label={row.label}>
          <Input placeholder={row.label} maxLength={20} />
        </Form.Item>
      ))}
    </div>
  );
}

/**
 * 站点设置: the school's name, logo and icon, colour, header banner, footer, related links and
 * menu labels in one form, saved at once (POST /api/cms/siteSettings).
 */
export function SiteSettingsForm({ loaded }: { loaded: SiteSettings }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsForm>();
  const [saved, setSaved] = useState(loaded);
  const [saving, setSaving] = useState(false);
  const { revalidate } = useRevalidator();
  const shortName = Form.useWatch('shortName', form) ?? saved.shortName;
  const fullName = Form.useWatch('name', form) ?? saved.name;
  const named = { shortName: shortName.trim() || fullName.trim() };
  const menuRows = menuDefaults(named);
  const tileRows = tileDefaults();
  const drawn = `?v=${encodeURIComponent(named.shortName)}`;

  const save = async (values: SettingsForm) => {
    setSaving(true);
    try {
      const keys = { menu: menuRows.map((r) => r.key), tiles: tileRows.map((r) => r.key) };
      const next = await call('cms/siteSettings', payloadOf(values, saved, keys));
      setSaved(next);
      form.setFieldsValue(formOf(next));
      message.success('站点设置已保存，门户页面已更新');
      refreshSite();
      void revalidate();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className="site-settings"
      initialValues={formOf(loaded)}
      onFinish={(values) => void save(values)}
      scrollToFirstError
    >
      <Section
        title="学校名称"
        hint="显示在页头、页脚、页面标题和分享卡片中；简称用于“遇见…”“…印象”等栏目名称。"
      >
        <div className="site-grid">
          <Form.Item
            name="name"
            label="学校全称"
            rules={[{ required: true, message: '请输入学校全称' }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="shortName" label="学校简称">
            <Input maxLength={10} placeholder="如：明德" />
          </Form.Item>
          <Form.Item name="englishName" label="英文名称">
            <Input maxLength={100} />
          </Form.Item>
        </div>
      </Section>

      <Section
        title="标志与图标"
        hint="支持 PNG、JPG 或 SVG。未上传时，使用按学校名称自动绘制的标志和图标。"
      >
        <div className="site-grid">
          <Form.Item name="logo" label="学校标志">
            <PictureField
              kind="logo"
              label="标志"
              fallback={`/api/site/logo.svg${drawn}`}
              none="未上传：使用按校名绘制的标志"
            />
          </Form.Item>
          <Form.Item name="favicon" label="网站图标">
            <PictureField
              kind="favicon"
              label="图标"
              fallback={`/api/site/favicon.svg${drawn}`}
              none="未上传：使用按简称绘制的图标"
            />
          </Form.Item>
        </div>
      </Section>

      <Section
        title="主题色"
        hint="页头、导航、按钮与链接使用的颜色；过浅的颜色会自动加深，保证文字清晰可读。"
      >
        <Form.Item name="themeColor" label="主题色">
          <ThemeColorField />
        </Form.Item>
      </Section>

      <Section title="页头横幅">
        <Form.Item name="banner" label="横幅图片">
          <PictureField kind="banner" label="横幅" none="未上传：页头为主题色的浅色底" wide />
        </Form.Item>
      </Section>

      <Section title="页脚">
        <div className="site-grid">
          <Form.Item name="address" label="地址">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="postcode" label="邮编">
            <Input maxLength={6} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="icp" label="ICP备案号">
            <Input maxLength={50} placeholder="如：京ICP备12345678号" />
          </Form.Item>
          <Form.Item name="police" label="公安备案号">
            <Input maxLength={50} placeholder="如：京公网安备11010502030143号" />
          </Form.Item>
        </div>
        <Form.Item label="电话">
          <LabelledList name="phones" noun="电话" labelText="用途" valueText="号码" />
        </Form.Item>
        <Form.Item label="邮箱">
          <LabelledList name="emails" noun="邮箱" labelText="用途" valueText="邮箱地址" />
        </Form.Item>
        <Form.Item name="qr" label="二维码">
          <PictureField kind="qr" label="二维码" none="未上传：页脚不显示二维码" />
        </Form.Item>
      </Section>

      <Section title="相关链接" hint="门户首页底部的相关网站，按顺序显示。">
        <LabelledList
          name="links"
          noun="链接"
          labelText="名称"
          valueText="网址"
          valuePlaceholder="https://… 或 /站内地址"
        />
      </Section>

      <Section title="菜单名称" hint="留空则使用灰色的默认名称。">
        <Typography.Title level={3} className="site-subhead">
          导航菜单
        </Typography.Title>
        <LabelInputs name="menu" rows={menuRows} />
        <Typography.Title level={3} className="site-subhead">
          校园专栏
        </Typography.Title>
        <LabelInputs name="tiles" rows={tileRows} />
      </Section>

      <div className="site-save">
        <Button type="primary" htmlType="submit" loading={saving} size="large">
          保存设置
        </Button>
      </div>
    </Form>
  );
}

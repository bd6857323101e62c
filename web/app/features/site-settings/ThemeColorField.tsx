import { Input, Typography } from 'antd';
import { useState } from 'react';
import { DEFAULT_THEME_COLOR, paletteOf } from '../../lib/palette';
import { normalColor } from './site-settings';

/**
 * 主题色 as '#rrggbb' ('' for the default): a colour picker and its text, and a strip that shows
 * the palette the site will derive, darkened where the given colour is too light for white text.
 */
export function ThemeColorField({
  id,
  value = '',
  onChange,
}: {
  /** Form.Item's id: its label names the text box. */
  id?: string;
  value?: string;
  onChange?: (color: string) => void;
}) {
  // What is being typed, shown until it is a colour.
  const [typed, setTyped] = useState<string | null>(null);
  const palette = paletteOf(value || DEFAULT_THEME_COLOR);
  const adjusted = value && palette.primary !== value.toLowerCase();
  return (
    <div className="site-color">
      <div className="site-color-inputs">
        <input
          type="color"
          className="site-color-picker"
          aria-label="选择主题色"
          value={value || DEFAULT_THEME_COLOR}
          onChange={(event) => {
            setTyped(null);
            onChange?.(event.target.value);
          }}
        />
        <Input
          id={id}
          placeholder={`${DEFAULT_THEME_COLOR}（默认）`}
          maxLength={7}
          style={{ width: 170 }}
          value={typed ?? value}
          onChange={(event) => {
            const text = event.target.value;
            const color = normalColor(text);
            setTyped(color ? null : text);
            if (color || text === '') onChange?.(color ?? '');
          }}
        />
      </div>
      <div
        className="site-color-strip"
        role="img"
        aria-label={`预览：主色 ${palette.primary}，深色 ${palette.primaryDark}，浅色 ${palette.primaryLight}`}
      >
        <span style={{ background: palette.primary, color: palette.onPrimary }}>主色</span>
        <span style={{ background: palette.primaryDark, color: palette.onPrimary }}>深色</span>
        <span style={{ background: palette.primaryLight, color: palette.primary }}>浅色</span>
        <span style={{ background: '#ffffff', color: palette.primary }}>链接文字</span>
      </div>
      <Typography.Text type="secondary" className="site-color-note">
        {adjusted
          ? `所选颜色较浅，白色文字看不清：页面将使用加深后的 ${palette.primary}（对比度不低于 4.5:1）。`
          : `页面使用 ${palette.primary}${value ? '' : '（默认蓝色）'}，文字对比度符合无障碍要求。`}
      </Typography.Text>
    </div>
  );
}

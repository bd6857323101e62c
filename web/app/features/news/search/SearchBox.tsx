import { SearchOutlined } from '@ant-design/icons';
import { App } from 'antd';
import type { FormEvent } from 'react';
import { Form } from 'react-router';

/**
 * The search box above the results: a GET form to /outnetSech, so it works
 * before JavaScript loads; with JavaScript an empty keyword is refused with
 * the spec's 请输入搜索内容 instead of being sent.
 */
export function SearchBox({ keyword }: { keyword: string }) {
  const { message } = App.useApp();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem('newsTitle') as HTMLInputElement;
    if (!input.value.trim()) {
      event.preventDefault();
      message.warning('请输入搜索内容');
    }
  };
  return (
    <Form
      method="get"
      action="/outnetSech"
      role="search"
      aria-label="重新搜索"
      className="search-box"
      onSubmit={submit}
    >
      {/* A plain uncontrolled input: what a visitor types while the page is still loading
          is not reset when React takes over the page. */}
      <label className="search-box-field">
        <SearchOutlined aria-hidden />
        <input
          key={keyword}
          name="newsTitle"
          defaultValue={keyword}
          placeholder="请输入关键字"
          aria-label="搜索关键字"
          maxLength={50}
        />
      </label>
      <button type="submit" className="search-box-button">
        搜索
      </button>
    </Form>
  );
}

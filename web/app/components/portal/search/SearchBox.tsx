import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Input } from 'antd';
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
      <Input
        key={keyword}
        name="newsTitle"
        defaultValue={keyword}
        placeholder="请输入关键字"
        aria-label="搜索关键字"
        maxLength={50}
        size="large"
        prefix={<SearchOutlined aria-hidden />}
      />
      <Button type="primary" htmlType="submit" size="large" autoInsertSpace={false}>
        搜索
      </Button>
    </Form>
  );
}

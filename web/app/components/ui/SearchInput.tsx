import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { SearchProps } from 'antd/es/input';

/**
 * antd's search box with its icon button named in Chinese: the plain
 * Input.Search button is read out as "search". A page's own `enterButton`
 * (搜索, 查询) still wins.
 */
export function SearchInput(props: SearchProps) {
  return (
    // eslint-disable-next-line no-restricted-syntax -- the one wrapper of Input.Search
    <Input.Search
      enterButton={<Button aria-label="搜索" icon={<SearchOutlined aria-hidden />} />}
      {...props}
    />
  );
}

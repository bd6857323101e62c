import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  FileImageOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { isSafeLink } from '@school/common';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Input, Modal, Spin, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ParagraphAlign, type Alignment } from './text-align';
import { UPLOAD_ACCEPT, uploadFile } from './uploads';

/** Whether a link is one the server keeps (http, https, mailto or a path of this site). */
export function isAllowedLink(href: string): boolean {
  const link = href.trim();
  return /^mailto:[^\s]+$/i.test(link) || isSafeLink(link);
}

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/**
 * The platform's rich-text editor (TipTap): headings, emphasis, lists, quotes,
 * alignment, links and pictures. Pictures chosen, pasted or dropped go through
 * the upload call first, so the body only refers to stored files. The server
 * cleans the HTML again when it is saved.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder = '请输入正文',
  uploadImage,
  imageError,
}: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /**
   * Where a picture goes instead of the platform's upload (the mail page's
   * own upload call): resolves with the picture's address.
   */
  uploadImage?: (file: File) => Promise<{ src: string; fileName: string }>;
  /** The message when a picture cannot be uploaded (else the server's). */
  imageError?: string;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  // 图片说明: the selected picture's alt text, read aloud and shown where the picture cannot be.
  const [altOpen, setAltOpen] = useState(false);
  const [alt, setAlt] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const lastEmitted = useRef<string | undefined>(value);

  /** Selects the picture at `src` (the last one, just inserted) and asks for its 图片说明. */
  const describePicture = (editor: Editor, src: string) => {
    let found: number | null = null;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image' && node.attrs.src === src) found = pos;
    });
    if (found === null) return;
    editor.chain().setNodeSelection(found).run();
    setAlt((editor.getAttributes('image').alt as string | undefined) ?? '');
    setAltOpen(true);
  };

  const insertPictures = async (editor: Editor, files: File[], at?: number) => {
    const pictures = files.filter((file) => file.type.startsWith('image/'));
    let last: string | null = null;
    for (const file of pictures) {
      setUploading((n) => n + 1);
      try {
        const uploaded = uploadImage
          ? await uploadImage(file)
          : await uploadFile('image', file).then((f) => ({ src: f.url, fileName: f.fileName }));
        const chain = editor.chain().focus();
        (at === undefined ? chain : chain.setTextSelection(at))
          .setImage({ src: uploaded.src, alt: uploaded.fileName.replace(/\.[^.]+$/, '') })
          .run();
        last = uploaded.src;
      } catch (err) {
        message.error(imageError ?? (err instanceof Error ? err.message : '图片上传失败'));
      } finally {
        setUploading((n) => n - 1);
      }
    }
    // One picture: ask for its description at once (several: each when selected).
    if (pictures.length === 1 && last) describePicture(editor, last);
    return pictures.length > 0;
  };

  const editor = useEditor({
    immediatelyRender: false,
    // The toolbar shows the formatting at the cursor, so it follows every change.
    shouldRerenderOnTransaction: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      ParagraphAlign,
    ],
    content: value ?? '',
    editorProps: {
      attributes: { class: 'cms-rich-content', 'aria-label': placeholder, role: 'textbox' },
      handlePaste: (_view, event) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (!files.some((file) => file.type.startsWith('image/')) || !editor) return false;
        void insertPictures(editor, files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (!files.some((file) => file.type.startsWith('image/')) || !editor) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertPictures(editor, files, at);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastEmitted.current = html;
      onChange?.(html);
    },
  });

  // A new value from outside (a restored version, a loaded item) replaces the content.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    // Not an edit of the person's: nothing to undo.
    editor
      .chain()
      .setMeta('addToHistory', false)
      .setContent(value ?? '', { emitUpdate: false })
      .run();
  }, [editor, value]);

  if (!editor) {
    return (
      <div className="cms-rich">
        <Spin />
      </div>
    );
  }
  const state = {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    strike: editor.isActive('strike'),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bullet: editor.isActive('bulletList'),
    ordered: editor.isActive('orderedList'),
    quote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    image: editor.isActive('image'),
    center: editor.isActive({ textAlign: 'center' }),
    right: editor.isActive({ textAlign: 'right' }),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
  const run = () => editor.chain().focus();
  const align = (alignment: Alignment) => run().setParagraphAlign(alignment).run();

  const openLink = () => {
    setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkOpen(true);
  };
  const saveLink = () => {
    const target = href.trim();
    if (!target) {
      run().extendMarkRange('link').unsetLink().run();
    } else if (!isAllowedLink(target)) {
      message.error('链接须以 http://、https:// 或 / 开头');
      return;
    } else {
      run().extendMarkRange('link').setLink({ href: target, target: '_blank' }).run();
    }
    setLinkOpen(false);
  };

  const openAlt = () => {
    setAlt((editor.getAttributes('image').alt as string | undefined) ?? '');
    setAltOpen(true);
  };
  const saveAlt = () => {
    if (editor.isActive('image')) {
      run()
        .updateAttributes('image', { alt: alt.trim().slice(0, 200) })
        .run();
    }
    setAltOpen(false);
  };

  return (
    <div className="cms-rich">
      <div className="cms-rich-toolbar" role="toolbar" aria-label="正文格式">
        <ToolButton
          label="撤销"
          icon={<UndoOutlined aria-hidden />}
          disabled={!state.canUndo}
          onClick={() => run().undo().run()}
        />
        <ToolButton
          label="重做"
          icon={<RedoOutlined aria-hidden />}
          disabled={!state.canRedo}
          onClick={() => run().redo().run()}
        />
        <Divider type="vertical" />
        <ToolButton
          label="二级标题"
          icon={<b>H2</b>}
          active={state.h2}
          onClick={() => run().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          label="三级标题"
          icon={<b>H3</b>}
          active={state.h3}
          onClick={() => run().toggleHeading({ level: 3 }).run()}
        />
        <ToolButton
          label="加粗"
          icon={<BoldOutlined aria-hidden />}
          active={state.bold}
          onClick={() => run().toggleBold().run()}
        />
        <ToolButton
          label="斜体"
          icon={<ItalicOutlined aria-hidden />}
          active={state.italic}
          onClick={() => run().toggleItalic().run()}
        />
        <ToolButton
          label="下划线"
          icon={<UnderlineOutlined aria-hidden />}
          active={state.underline}
          onClick={() => run().toggleUnderline().run()}
        />
        <ToolButton
          label="删除线"
          icon={<StrikethroughOutlined aria-hidden />}
          active={state.strike}
          onClick={() => run().toggleStrike().run()}
        />
        <Divider type="vertical" />
        <ToolButton
          label="无序列表"
          icon={<UnorderedListOutlined aria-hidden />}
          active={state.bullet}
          onClick={() => run().toggleBulletList().run()}
        />
        <ToolButton
          label="有序列表"
          icon={<OrderedListOutlined aria-hidden />}
          active={state.ordered}
          onClick={() => run().toggleOrderedList().run()}
        />
        <ToolButton
          label="引用"
          icon={<b>“”</b>}
          active={state.quote}
          onClick={() => run().toggleBlockquote().run()}
        />
        <Divider type="vertical" />
        <ToolButton
          label="左对齐"
          icon={<AlignLeftOutlined aria-hidden />}
          onClick={() => align('left')}
        />
        <ToolButton
          label="居中"
          icon={<AlignCenterOutlined aria-hidden />}
          active={state.center}
          onClick={() => align('center')}
        />
        <ToolButton
          label="右对齐"
          icon={<AlignRightOutlined aria-hidden />}
          active={state.right}
          onClick={() => align('right')}
        />
        <Divider type="vertical" />
        <ToolButton
          label="链接"
          icon={<LinkOutlined aria-hidden />}
          active={state.link}
          onClick={openLink}
        />
        <ToolButton
          label="插入图片"
          icon={<PictureOutlined aria-hidden />}
          onClick={() => picker.current?.click()}
        />
        <ToolButton
          label="图片说明"
          icon={<FileImageOutlined aria-hidden />}
          disabled={!state.image}
          onClick={openAlt}
        />
        <ToolButton
          label="清除格式"
          icon={<ClearOutlined aria-hidden />}
          onClick={() => run().unsetAllMarks().clearNodes().run()}
        />
        {uploading > 0 && <Spin size="small" className="cms-rich-uploading" />}
        <input
          ref={picker}
          type="file"
          style={{ display: 'none' }}
          multiple
          accept={UPLOAD_ACCEPT.image}
          aria-label="选择正文图片"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void insertPictures(editor, files);
          }}
        />
      </div>
      <EditorContent editor={editor} className="cms-rich-body" />
      <Modal
        title="图片说明"
        open={altOpen}
        okText="确定"
        cancelText="取消"
        onOk={saveAlt}
        onCancel={() => setAltOpen(false)}
        destroyOnHidden
      >
        <p className="cms-rich-hint">
          用一句话说明图片内容，供读屏软件朗读，图片无法显示时也会显示这段文字。
        </p>
        <Input
          autoFocus
          aria-label="图片说明"
          placeholder="如：运动会开幕式上，初一学生方阵入场"
          maxLength={200}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          onPressEnter={saveAlt}
        />
      </Modal>
      <Modal
        title="插入链接"
        open={linkOpen}
        okText="确定"
        cancelText="取消"
        onOk={saveLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Input
          autoFocus
          aria-label="链接地址"
          placeholder="https://... （留空则移除链接）"
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onPressEnter={saveLink}
        />
      </Modal>
    </div>
  );
}

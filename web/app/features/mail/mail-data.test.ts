import { describe, expect, it } from 'vitest';
import type { MailDetail } from '@school/common/api';
import {
  addRecipients,
  asksAboutAttachments,
  attachmentProblem,
  bodyLength,
  cutTitle,
  emptyDraft,
  extensionOf,
  forwardDraft,
  isBlank,
  mailPayload,
  parseAddressee,
  prefixedTitle,
  replyAllDraft,
  replyDraft,
  sendProblem,
  viewOf,
} from './mail-data';

const unread = { email: null, inmainState: 1, readDate: null, recalled: false };

const mail: MailDetail = {
  inmailId: 7,
  inmailTitle: '期中考试安排',
  inmailContent: '<p>请看<b>附件</b></p>',
  createDate: '2026-11-20 09:30:00',
  sendStaffId: 3,
  sendName: '王<老师>',
  receiveId: 11,
  sendId: null,
  inmainState: 1,
  recalled: false,
  staffInfoList: [
    { contactId: 5, staffId: 5, staffName: '李四', ...unread },
    { contactId: 6, staffId: 6, staffName: '赵六', ...unread },
  ],
  staffIdArr: '5,6',
  fileCount: 1,
  fileList: [{ fileId: 9, fileName: '安排表.xlsx', filePath: '/api/file/9', fileSize: 18_432 }],
};

describe('the mail page', () => {
  it('cuts list titles over 20 characters with an ellipsis', () => {
    expect(cutTitle('一二三四五六七八九十一二三四五六七八九十')).toBe(
      '一二三四五六七八九十一二三四五六七八九十',
    );
    expect(cutTitle('一二三四五六七八九十一二三四五六七八九十多')).toBe(
      '一二三四五六七八九十一二三四五六七八九十…',
    );
    expect(cutTitle('')).toBe('');
  });

  it('reads the addressee query with staffId or idRole, once a person', () => {
    expect(
      parseAddressee(
        JSON.stringify([
          { idRole: 12, staffName: '张三' },
          { staffId: '15', staffName: ' 李四 ' },
          { idRole: 12, staffName: '张三' },
          { staffName: '无编号' },
          { idRole: -1, staffName: '坏的' },
          null,
        ]),
      ),
    ).toEqual([
      { staffId: 12, staffName: '张三' },
      { staffId: 15, staffName: '李四' },
    ]);
    expect(parseAddressee('{"staffId":4,"staffName":"赵"}')).toEqual([
      { staffId: 4, staffName: '赵' },
    ]);
    expect(parseAddressee('not json')).toEqual([]);
    expect(parseAddressee(null)).toEqual([]);
  });

  it('chooses the view from view, else choosePag (2 the sent box), else writing', () => {
    expect(viewOf(new URLSearchParams('view=inbox'))).toBe('inbox');
    expect(viewOf(new URLSearchParams('choosePag=2'))).toBe('sent');
    expect(viewOf(new URLSearchParams('choosePag=1'))).toBe('write');
    expect(viewOf(new URLSearchParams('view=nonsense'))).toBe('write');
  });

  it('adds recipients once each', () => {
    const a = { staffId: 1, staffName: '甲' };
    const b = { staffId: 2, staffName: '乙' };
    expect(addRecipients([a], [a, b, b])).toEqual([a, b]);
  });

  it('checks attachments: the list of extensions and at most 20', () => {
    expect(extensionOf('教案.DOCX')).toBe('docx');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.bashrc')).toBe('');
    expect(attachmentProblem('教案.docx', 0)).toBeNull();
    expect(attachmentProblem('照片.JPG', 19)).toBeNull();
    expect(attachmentProblem('教案.docx', 20)).toBe('附件最多20个');
    expect(attachmentProblem('run.exe', 0)).toBe('不符合格式文件');
    expect(attachmentProblem('archive.7z', 0)).toBe('不符合格式文件');
    expect(attachmentProblem('noext', 0)).toBe('不符合格式文件');
  });

  it('counts the text of the body, not its tags', () => {
    expect(bodyLength('<p>你好&nbsp;<b>世界</b></p><p>a&amp;b</p>')).toBe(8);
    expect(bodyLength('')).toBe(0);
  });

  it('asks about attachments only when the body mentions 附件 and none is attached', () => {
    expect(asksAboutAttachments('<p>见<b>附件</b></p>', 0)).toBe(true);
    expect(asksAboutAttachments('<p>你好</p>', 0)).toBe(false);
    expect(asksAboutAttachments('<p>见附件</p>', 1)).toBe(false);
  });

  it('reads only the new text of a reply or forward for the attachment hint', () => {
    const original = { ...mail, inmailContent: '<p>课表见附件。</p>' };
    const reply = replyDraft(original);
    expect(asksAboutAttachments(reply.content, 0)).toBe(false);
    expect(asksAboutAttachments(`<p>收到，谢谢</p>${reply.content}`, 0)).toBe(false);
    expect(asksAboutAttachments(`<p>修改稿见附件</p>${reply.content}`, 0)).toBe(true);
    // The quote block lost by an editor: the heading line still ends the new text.
    const flat = reply.content.replace(/<\/?blockquote>/g, '');
    expect(asksAboutAttachments(`<p>好的</p>${flat}`, 0)).toBe(false);
    expect(asksAboutAttachments(forwardDraft(original).content, 0)).toBe(false);
  });

  it('refuses a send without recipients or subject, in that order', () => {
    const draft = emptyDraft();
    expect(sendProblem(draft)).toBe('请选择收件人');
    draft.recipients = [{ staffId: 1, staffName: '甲' }];
    expect(sendProblem(draft)).toBe('请填写主题');
    draft.title = '  主题 ';
    expect(sendProblem(draft)).toBeNull();
    draft.content = `<p>${'字'.repeat(2501)}</p>`;
    expect(sendProblem(draft)).toBe('正文不能超过2500个字');
  });

  it('sends ids comma-joined and the files as JSON', () => {
    expect(
      mailPayload({
        recipients: [
          { staffId: 3, staffName: '甲' },
          { staffId: 8, staffName: '乙' },
        ],
        title: ' 通知 ',
        content: '<p>x</p>',
        files: [{ fileId: 4, fileName: '表.xlsx', url: '/f/4' }],
        draftId: 6,
      }),
    ).toEqual({
      idRoleReceiveArr: '3,8',
      inmailTitle: '通知',
      inmailContent: '<p>x</p>',
      fileList: '[{"fileId":4,"fileName":"表.xlsx"}]',
      draftId: 6,
    });
  });

  it('sends 超大附件 by drive file or by the forwarded link, and carries open ones in a forward', () => {
    const payload = mailPayload({
      recipients: [{ staffId: 3, staffName: '甲' }],
      title: '资料',
      content: '',
      files: [],
      largeFiles: [
        { resourcesId: 11, fileName: '录像.mp4', fileSize: 200 },
        { largeId: 5, fileName: '讲义.pdf', fileSize: 100, expireDate: '2026-04-01 16:00:00' },
      ],
    });
    expect(payload.largeFileList).toBe(
      '[{"resourcesId":11,"fileName":"录像.mp4"},{"largeId":5,"fileName":"讲义.pdf"}]',
    );
    const withLinks = {
      ...mail,
      largeFileList: [
        {
          largeId: 5,
          resourcesId: null,
          fileName: '讲义.pdf',
          fileSize: 100,
          expireDate: '2026-04-01 16:00:00',
          state: 'ok' as const,
          filePath: '/api/email/largeFile/5',
        },
        {
          largeId: 6,
          resourcesId: null,
          fileName: '旧.pdf',
          fileSize: 1,
          expireDate: '2026-01-01 16:00:00',
          state: 'expired' as const,
          filePath: '',
        },
      ],
    };
    expect(forwardDraft(withLinks).largeFiles).toEqual([
      {
        largeId: 5,
        fileName: '讲义.pdf',
        fileSize: 100,
        expireDate: '2026-04-01 16:00:00',
        state: 'ok',
      },
    ]);
  });

  it('replies to the sender with 回复： and the original quoted below', () => {
    const reply = replyDraft(mail);
    expect(reply).toMatchObject({
      recipients: [{ staffId: 3, staffName: '王<老师>' }],
      title: '回复：期中考试安排',
      files: [],
    });
    expect(reply.content).toMatch(/^<p><\/p><p>-+ 原始邮件 -+<\/p>/);
    expect(reply.content).toContain('<p>发件人：王&lt;老师&gt;</p>');
    expect(reply.content).toContain('<p>时间：2026-11-20 09:30:00</p>');
    expect(reply.content).toContain('<p>收件人：李四、赵六</p>');
    expect(reply.content).toContain('<blockquote><p>请看<b>附件</b></p></blockquote>');
  });

  it('replies to all: the sender and the other recipients, never oneself', () => {
    expect(replyAllDraft(mail, 5).recipients).toEqual([
      { staffId: 3, staffName: '王<老师>' },
      { staffId: 6, staffName: '赵六' },
    ]);
    // The sender replying to all of their own mail writes to the recipients.
    expect(replyAllDraft(mail, 3).recipients.map((p) => p.staffId)).toEqual([5, 6]);
    expect(replyAllDraft(mail, 5).title).toBe('回复：期中考试安排');
  });

  it('forwards with 转发：, the original quoted and the files carried', () => {
    const forward = forwardDraft(mail);
    expect(forward.title).toBe('转发：期中考试安排');
    expect(forward.recipients).toEqual([]);
    expect(forward.content).toContain('转发的邮件');
    expect(forward.content).toContain('<blockquote><p>请看<b>附件</b></p></blockquote>');
    expect(forward.content).toContain('王&lt;老师&gt;');
    expect(forward.files).toEqual([{ fileId: 9, fileName: '安排表.xlsx', url: '/api/file/9' }]);
  });

  it('does not stack subject prefixes', () => {
    expect(prefixedTitle('回复', '回复：期中考试安排')).toBe('回复：期中考试安排');
    expect(prefixedTitle('回复', 'Re: 期中考试安排')).toBe('回复：期中考试安排');
    expect(prefixedTitle('回复', '回复:期中考试安排')).toBe('回复：期中考试安排');
    expect(prefixedTitle('转发', 'Fw: 通知')).toBe('转发：通知');
    expect(prefixedTitle('转发', '回复：通知')).toBe('转发：回复：通知');
  });

  it('keeps no draft of an empty mail', () => {
    expect(isBlank(emptyDraft())).toBe(true);
    expect(isBlank({ ...emptyDraft(), content: '<p></p>' })).toBe(true);
    expect(isBlank({ ...emptyDraft(), title: 'x' })).toBe(false);
  });
});

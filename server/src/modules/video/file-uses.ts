import type { FileUses } from '../../platform/files/guards.js';
import { publicVideo } from '../../platform/publishing/visibility.js';

/** A video names its video files in video_file; a public video's files are public. */
export const videoFileUses: FileUses = {
  named: async (db, fileId) => {
    const rows = await db
      .selectFrom('videoFile')
      .select('videoId')
      .where('fileId', '=', fileId)
      .execute();
    return rows.map((row) => ({ infoTable: 'TF_VIDEO', objId: row.videoId }));
  },
  public: ({ eb, fileId, uses }) => [
    eb.exists(
      uses('TF_VIDEO')
        .innerJoin('video', 'video.id', 'fileUse.objId')
        .select('video.id')
        .where(publicVideo),
    ),
    eb.exists(
      eb
        .selectFrom('videoFile')
        .innerJoin('video', 'video.id', 'videoFile.videoId')
        .select('video.id')
        .where('videoFile.fileId', '=', fileId)
        .where(publicVideo),
    ),
  ],
};

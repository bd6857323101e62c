import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { svgText } from './demo-font.js';
import type { SceneSpec } from './demo-scene.js';
import { SEPIA, sceneSvg, withOverlay } from './demo-scenes.js';

/**
 * The demo's videos: a short slideshow of the item's own scenes (a Chinese title card,
 * then each scene with its caption, two seconds each), encoded by Debian's ffmpeg as
 * H.264 in an MP4 that browsers play while it downloads. No ffmpeg, no slideshow: the
 * caller then plays the sample clip.
 */

export const FFMPEG = '/usr/bin/ffmpeg';
export const VIDEO_SIZE = { width: 640, height: 360 };
/** Each picture stays this many seconds. */
export const SECONDS_PER_FRAME = 2;
/** Frames a second: a slideshow needs few, and each costs encoding time at seed time. */
const FPS = 5;

export interface SlideshowInput {
  title: string;
  scenes: SceneSpec[];
  captions: string[];
  seed: number;
}

/** Breaks a title into lines of at most `max` characters, after punctuation where it can. */
function titleLines(title: string, max: number, most: number): string[] {
  const chars = [...title.trim()];
  const lines: string[] = [];
  while (chars.length > 0 && lines.length < most) {
    let take = Math.min(max, chars.length);
    if (take < chars.length) {
      let cut = take - 1;
      while (cut >= max / 2 && !/[，、：；。！？ ·—]/.test(chars[cut]!)) cut--;
      if (cut >= max / 2) take = cut + 1;
    }
    lines.push(chars.splice(0, take).join('').trim());
  }
  if (chars.length > 0) lines[lines.length - 1] = `${[...lines.at(-1)!].slice(0, -1).join('')}…`;
  return lines;
}

/** The title card: the first scene, dimmed, with the title over it. */
function titleCard(input: SlideshowInput): string {
  const { width, height } = VIDEO_SIZE;
  const first = input.scenes[0];
  const picture = first ? sceneSvg(first, input.seed, width, height, 'video').svg : '';
  const size = 34;
  const lines = titleLines(input.title, 16, 3);
  const top = height / 2 - ((lines.length - 1) * size * 1.35) / 2 + size * 0.35;
  let text = `<rect width="${width}" height="${height}" fill="#0b1f33" fill-opacity="${picture ? 0.62 : 1}"/>`;
  for (const [i, line] of lines.entries()) {
    const y = top + i * size * 1.35;
    text += svgText(line, { x: width / 2, y, size, fill: '#ffffff', centred: true });
  }
  return withOverlay(picture, width, height, text);
}

/** One scene with its caption on a band along the bottom (no caption, no band). */
function captionedFrame(spec: SceneSpec, caption: string, variant: number): string {
  const { width, height } = VIDEO_SIZE;
  const picture = sceneSvg(spec, variant, width, height, 'video').svg;
  const words = titleLines(caption, 22, 1)[0] ?? '';
  if (!words) return picture;
  const band = `<rect y="${height - 52}" width="${width}" height="52" fill="#000000" fill-opacity="0.55"/>`;
  const at = { x: width / 2, y: height - 18, size: 24, fill: '#ffffff', centred: true };
  return withOverlay(picture, width, height, band + svgText(words, at));
}

/** The frames of the slideshow, as SVG: the title card, then each scene. */
export function slideshowFrames(input: SlideshowInput): string[] {
  return [
    titleCard(input),
    ...input.scenes.map((spec, i) =>
      captionedFrame(spec, input.captions[i] ?? spec.caption ?? '', input.seed + i + 1),
    ),
  ];
}

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 120_000, maxBuffer: 1 << 20 }, (err, _out, stderr) =>
      err
        ? reject(new Error(`${path.basename(file)}: ${stderr.trim() || err.message}`))
        : resolve(),
    );
  });
}

/**
 * The slideshow as MP4 bytes, or null when `ffmpeg` is not there. ffmpeg reads only the
 * frames written to a fresh temporary folder, and is given its arguments without a shell.
 * One thread and bit-exact output: the same input gives the same bytes.
 */
export async function makeSlideshow(
  input: SlideshowInput,
  ffmpeg: string = FFMPEG,
): Promise<Buffer | null> {
  if (!fs.existsSync(ffmpeg)) return null;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'demo-video-'));
  try {
    const frames = slideshowFrames(input);
    const frame = (i: number) => path.join(dir, `frame-${String(i).padStart(3, '0')}.png`);
    for (const [i, svg] of frames.entries()) {
      let image = sharp(Buffer.from(svg));
      // The school's past in the sepia of its old prints, as on the history pictures.
      if (input.scenes[Math.max(0, i - 1)]?.scene === 'history') {
        image = image.tint(SEPIA);
      }
      await image.png({ compressionLevel: 1 }).toFile(frame(i));
    }
    // The last picture once more, so it too stays its full time before the video ends.
    await fs.promises.copyFile(frame(frames.length - 1), frame(frames.length));
    const out = path.join(dir, 'slideshow.mp4');
    await run(ffmpeg, [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-framerate',
      `1/${SECONDS_PER_FRAME}`,
      '-i',
      path.join(dir, 'frame-%03d.png'),
      '-vf',
      `fps=${FPS},format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-tune',
      'stillimage',
      '-crf',
      '30',
      '-threads',
      '1',
      '-frames:v',
      String(frames.length * SECONDS_PER_FRAME * FPS),
      '-an',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-movflags',
      '+faststart',
      out,
    ]);
    return await fs.promises.readFile(out);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

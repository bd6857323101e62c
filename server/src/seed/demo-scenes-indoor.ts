import { circle, lamp, line, rect, windowView, type Stage } from './demo-scenes-kit.js';
import { backOfHead, look, person, rowsOfPeople } from './demo-scenes-people.js';
import { between, n } from './demo-svg-kit.js';

/**
 * Scenes in a room: a wall with windows (the season and the hour outside them), lamps lit
 * after dark, a floor, and what the room is for.
 */

const WALLS = ['#f3ede2', '#eef1ec', '#f5efe4', '#e9eef2'];
const FLOORS = ['#c9a77c', '#b98f63', '#cfc4b2', '#a9b4bf'];

/** Wall, windows on one side, lamps and floor; answers where the floor begins. */
function room(s: Stage, windows: 'left' | 'right' | 'back' | 'none'): number {
  const r = s.random;
  const floorY = s.H * between(r, 0.68, 0.76);
  s.body.push(rect(0, 0, s.W, floorY, s.c(r.pick(WALLS))));
  s.body.push(rect(0, floorY, s.W, s.H - floorY, s.c(r.pick(FLOORS))));
  s.body.push(rect(0, floorY - 12, s.W, 12, s.c('#d8d2c6')));
  if (windows !== 'none') {
    const count = windows === 'back' ? Math.max(2, Math.round(s.W / 360)) : 1;
    for (let i = 0; i < count; i++) {
      const w = between(r, 150, 200);
      const x =
        windows === 'left'
          ? 30
          : windows === 'right'
            ? s.W - w - 30
            : ((i + 0.5) * s.W) / count - w / 2;
      s.body.push(windowView(s, { x, y: 70, w, h: floorY * 0.5 }, `sky${i}`));
    }
  }
  for (let x = s.W * 0.15; x < s.W; x += s.W * 0.3) s.body.push(lamp(s, x - 50, 18, 100));
  return floorY;
}

/** A blackboard with chalk lines (no words), a teacher, and the class from behind. */
export function classroomScene(s: Stage, layout: number): void {
  const r = s.random;
  const floorY = room(s, layout % 2 ? 'left' : 'right');
  const boardW = Math.min(s.W * 0.5, 560);
  const boardX = (s.W - boardW) / 2 + between(r, -0.1, 0.1) * s.W;
  s.body.push(
    rect(boardX - 8, 90, boardW + 16, 200, s.c('#8a6a4a')) +
      rect(boardX, 98, boardW, 184, s.c('#2f4f3f')),
  );
  let chalk = '';
  for (let y = 125; y < 265; y += 28) {
    chalk += `M${n(boardX + 24)} ${n(y)}h${n(between(r, 0.3, 0.85) * (boardW - 48))}`;
  }
  s.body.push(
    `<path d="${chalk}" stroke="${s.c('#e8efe9')}" stroke-width="4" stroke-dasharray="14 6"/>`,
  );
  s.body.push(
    person(
      s,
      boardX + boardW * between(r, 0.75, 1.05),
      floorY - 8,
      230,
      layout % 3 ? 'raise' : 'stand',
    ),
  );
  // Rows of desks with students behind them, nearer rows larger.
  for (let row = 0, y = floorY + 10, size = 26; y < s.H + 60; row++, y += size * 3.2, size *= 1.3) {
    const gap = size * 4.2;
    for (let x = between(r, 0, gap) - gap / 2; x < s.W + gap; x += gap) {
      s.body.push(backOfHead(s, x, y - size * 1.2, size));
      s.body.push(rect(x - size * 1.6, y, size * 3.2, size * 0.5, s.c('#b5895b')));
    }
    if (row === 1 && layout % 3 === 1) {
      const x = between(r, 0.2, 0.8) * s.W;
      s.body.push(
        line(
          x + size * 0.6,
          y - size * 1.1,
          x + size * 1.2,
          y - size * 3.6,
          s.c('#2f5d9e'),
          size * 0.4,
        ),
      );
    }
  }
}

/** Benches with glassware and a microscope, students in white coats at work. */
export function laboratoryScene(s: Stage, layout: number): void {
  const r = s.random;
  const floorY = room(s, layout % 2 ? 'back' : 'left');
  // Shelves of bottles along the wall.
  const shelfY = 120;
  for (let x = s.W * 0.45; x < s.W - 60; x += 34) {
    const colour = s.c(r.pick(['#7fb3d5', '#a3d9a5', '#f5c26b', '#d98ca0']));
    s.body.push(rect(x, shelfY - 40, 22, 40, colour, ' rx="4"'));
  }
  s.body.push(rect(s.W * 0.43, shelfY, s.W * 0.55, 8, s.c('#8a6a4a')));
  const benchY = floorY + (s.H - floorY) * 0.35;
  for (let i = r.int(2, 4); i > 0; i--) {
    const x = between(r, 0.1, 0.9) * s.W;
    s.body.push(person(s, x, benchY + 40, 230, 'stand', { ...look(s), shirt: '#ffffff' }));
  }
  s.body.push(
    rect(0, benchY - 30, s.W, 26, s.c('#3c4a56')) +
      rect(0, benchY - 4, s.W, s.H - benchY + 4, s.c('#6f7f8c')),
  );
  // Flasks, test tubes and a microscope on the bench.
  for (let x = between(r, 20, 80); x < s.W - 40; x += between(r, 70, 140)) {
    const liquid = s.c(r.pick(['#5dade2', '#58d68d', '#f5b041', '#ec7063', '#af7ac5']));
    const glass = s.c('#e8f3f8');
    if (r.next() < 0.5) {
      s.body.push(
        `<path d="M${n(x - 8)} ${n(benchY - 90)}h16v28l22 32h-60l22-32Z" fill="${glass}"/>`,
      );
      s.body.push(`<path d="M${n(x - 22)} ${n(benchY - 45)}h44l8 15h-60Z" fill="${liquid}"/>`);
    } else if (r.next() < 0.6) {
      for (let t = 0; t < 4; t++) {
        s.body.push(
          rect(x + t * 14 - 20, benchY - 80, 9, 50, glass, ' rx="4"') +
            rect(x + t * 14 - 20, benchY - 55, 9, 25, liquid, ' rx="4"'),
        );
      }
      s.body.push(rect(x - 28, benchY - 40, 60, 10, s.c('#8a6a4a')));
    } else {
      const dark = s.c('#2e3b45');
      s.body.push(
        rect(x - 24, benchY - 38, 48, 8, dark) +
          line(x, benchY - 36, x + 8, benchY - 100, dark, 10),
      );
      s.body.push(
        line(x + 8, benchY - 100, x - 6, benchY - 124, dark, 12) +
          rect(x - 10, benchY - 62, 30, 6, dark),
      );
    }
  }
}

/** Tall shelves of books in rows, a long table with readers. */
export function libraryScene(s: Stage, layout: number): void {
  const r = s.random;
  const floorY = room(s, layout % 2 ? 'right' : 'left');
  const spines = [
    '#8c2f39',
    '#1f4e79',
    '#2d6a4f',
    '#e39b3f',
    '#6d597a',
    '#c8463a',
    '#3c6e71',
    '#d9c8a0',
  ];
  const shelfStart = layout % 2 ? 40 : s.W * 0.32;
  const shelfEnd = layout % 2 ? s.W * 0.68 : s.W - 40;
  s.body.push(rect(shelfStart, 60, shelfEnd - shelfStart, floorY - 50, s.c('#7a5537')));
  for (let y = 80; y + 70 < floorY; y += 82) {
    s.body.push(rect(shelfStart + 8, y + 66, shelfEnd - shelfStart - 16, 8, s.c('#5a3c26')));
    let x = shelfStart + 12;
    while (x < shelfEnd - 24) {
      const w = between(r, 9, 18);
      const h = between(r, 44, 64);
      s.body.push(rect(x, y + 66 - h, w, h, s.c(r.pick(spines))));
      x += w + 1.5;
    }
  }
  const tableY = floorY + (s.H - floorY) * 0.3;
  for (let i = r.int(3, 5); i > 0; i--) {
    const x = ((i - 0.5) / 5) * s.W + between(r, -30, 30);
    s.body.push(person(s, x, tableY + 30, 220, 'sit', look(s), i % 2 ? 1 : -1));
  }
  s.body.push(rect(0, tableY - 10, s.W, 22, s.c('#a0744b')));
  for (let x = between(r, 40, 120); x < s.W - 60; x += between(r, 160, 240)) {
    s.body.push(`<path d="M${n(x)} ${n(tableY - 10)}l34 -10l34 10Z" fill="${s.c('#fdfaf3')}"/>`);
  }
}

/** A hall with a stage, a lectern and the audience from behind: meetings and ceremonies. */
export function hallScene(s: Stage, kind: 'meeting' | 'ceremony', layout: number): void {
  const r = s.random;
  const floorY = room(s, kind === 'meeting' && layout % 2 ? 'left' : 'none');
  const stageTop = floorY - 20;
  const curtain = s.c(kind === 'ceremony' ? '#9b1c24' : '#2b4a6f');
  s.body.push(rect(0, 50, s.W, 60, curtain));
  s.body.push(
    rect(
      s.W * 0.1,
      110,
      s.W * 0.8,
      stageTop - 150,
      s.c(kind === 'ceremony' ? '#c0392b' : '#dfe6ee'),
    ),
  );
  if (kind === 'ceremony') {
    for (let x = s.W * 0.14; x < s.W * 0.86; x += 70) {
      s.body.push(
        line(x, 130, x, 230, s.c('#8a8f98'), 3) + rect(x + 2, 130, 44, 30, s.c('#de2910')),
      );
    }
  }
  s.body.push(rect(0, stageTop, s.W, 40, s.c('#7a4a3a')));
  const lecternX = s.W * between(r, 0.25, 0.75);
  for (let i = r.int(1, 4); i > 0; i--) {
    s.body.push(
      person(s, lecternX + (i - 2) * 120, stageTop + 4, 170, i === 1 ? 'raise' : 'stand'),
    );
  }
  s.body.push(rect(lecternX - 40, stageTop - 90, 80, 94, s.c('#5a3c26')));
  if (kind === 'meeting')
    s.body.push(line(lecternX, stageTop - 90, lecternX - 14, stageTop - 120, s.c('#222'), 4));
  if (kind === 'ceremony' && s.season !== 'winter') {
    let flowers = '';
    for (let x = 10; x < s.W; x += 26) flowers += `M${n(x)} ${n(stageTop + 6)}h0.1`;
    s.body.push(
      `<path d="${flowers}" stroke="${s.c('#f39c12')}" stroke-width="16" stroke-linecap="round"/>`,
    );
  }
  // The audience from behind, row after row.
  for (let y = stageTop + 70, size = 22; y < s.H + 40; y += size * 2.3, size *= 1.2) {
    for (let x = between(r, 0, size * 2); x < s.W; x += size * 2.3) {
      s.body.push(backOfHead(s, x, y, size));
    }
  }
}

/** The arts: a stage with singers and instruments, or a room of paintings. */
export function artScene(s: Stage, layout: number): void {
  const r = s.random;
  if (layout % 2 === 0) {
    // An exhibition: framed paintings along the wall and visitors looking at them.
    const floorY = room(s, 'none');
    for (let x = 40; x < s.W - 150; x += between(r, 190, 260)) {
      const w = between(r, 110, 170);
      const h = between(r, 100, 170);
      const y = between(r, 110, 170);
      s.body.push(
        rect(x - 8, y - 8, w + 16, h + 16, s.c('#b08d57')) +
          rect(x, y, w, h, s.c(r.pick(['#e9d8a6', '#94d2bd', '#ee9b00', '#9ec1cf', '#f2cc8f']))),
      );
      s.body.push(
        `<path d="M${n(x)} ${n(y + h)}L${n(x + w * 0.4)} ${n(y + h * 0.45)}L${n(x + w * 0.65)} ${n(y + h * 0.7)}L${n(x + w)} ${n(y + h * 0.35)}V${n(y + h)}Z" fill="${s.c(r.pick(['#2a9d8f', '#bb3e03', '#005f73', '#6a994e']))}"/>`,
      );
      s.body.push(circle(x + w * 0.75, y + h * 0.25, Math.min(w, h) * 0.1, s.c('#f6bd60')));
    }
    for (let i = r.int(2, 4); i > 0; i--) {
      s.body.push(
        person(s, between(r, 0.1, 0.9) * s.W, between(r, floorY + 40, s.H - 10), 240, 'back'),
      );
    }
    return;
  }
  // A performance: a lit stage, a piano or drums, a choir in rows.
  const floorY = s.H * 0.72;
  s.body.push(rect(0, 0, s.W, floorY, s.c('#2a1b3d')));
  s.body.push(
    `<path d="M${n(s.W * 0.2)} 0L${n(s.W * 0.05)} ${n(floorY)}H${n(s.W * 0.95)}L${n(s.W * 0.8)} 0Z" fill="${s.c('#4a3a6b')}"/>`,
  );
  s.body.push(
    rect(0, 0, s.W * 0.08, floorY, s.c('#8e1b2b')) +
      rect(s.W * 0.92, 0, s.W * 0.08, floorY, s.c('#8e1b2b')),
  );
  s.body.push(rect(0, floorY, s.W, s.H - floorY, s.c('#6b3f2a')));
  const w = s.W * 0.6;
  s.body.push(rowsOfPeople(s, { x: s.W * 0.2, w, feetY: floorY + 10, rows: 2, size: 170 }));
  const pianoX = s.W * 0.08;
  s.body.push(
    `<path d="M${n(pianoX)} ${n(floorY - 120)}h150l30 60v60h-180Z" fill="${s.c('#111111')}"/>` +
      rect(pianoX + 6, floorY - 66, 168, 10, s.c('#f4f4f4')),
  );
  s.body.push(
    circle(s.W * 0.86, floorY - 30, 40, s.c('#c0392b')) +
      circle(s.W * 0.86, floorY - 30, 28, s.c('#ecf0f1')),
  );
}

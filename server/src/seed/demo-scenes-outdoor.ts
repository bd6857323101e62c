import {
  SEASON,
  building,
  circle,
  rect,
  sky,
  tree,
  weather,
  type Stage,
} from './demo-scenes-kit.js';
import { look, person, rowsOfPeople } from './demo-scenes-people.js';
import { between, n } from './demo-svg-kit.js';

/** Scenes under the open sky: the campus, the sports ground, a ceremony on the square. */

const WALLS = ['#efe6d6', '#f6ead8', '#fbf7ee', '#e9eef3', '#f1e3cf'];
const ROOFS = ['#b5543c', '#7a4a3a', '#3d6f8e', '#24466b', '#587c96'];
const TEAMS = ['#c8463a', '#1f4e79', '#2d6a4f', '#e39b3f', '#6d597a'];

/** Sky, a row of school buildings and the ground of the season; answers the ground line. */
function backdrop(s: Stage, horizon: number): string {
  const r = s.random;
  let out = sky(s, { x: 0, y: 0, w: s.W, h: horizon + 4 }, 'sky');
  let x = between(r, -40, 60);
  const wall = r.pick(WALLS);
  const roof = r.pick(ROOFS);
  while (x < s.W) {
    const w = between(r, 140, 300);
    const h = between(r, 90, 190);
    if (r.next() < 0.8) out += building(s, { x, groundY: horizon, w, h }, { wall, roof });
    else out += tree(s, x + w / 2, horizon, between(r, 50, 80));
    x += w + between(r, 10, 70);
  }
  return out + rect(0, horizon, s.W, s.H - horizon, s.out(SEASON[s.season].ground));
}

function trees(s: Stage, groundY: number, count: number, size: [number, number]) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = ((i + between(s.random, 0.1, 0.9)) * s.W) / count;
    out += tree(s, x, groundY + between(s.random, 0, 20), between(s.random, size[0], size[1]));
  }
  return out;
}

/** Buildings behind trees, a path or a square, students walking to class. */
export function campusScene(s: Stage, layout: number): void {
  const r = s.random;
  const horizon = s.H * between(r, 0.55, 0.66);
  s.body.push(backdrop(s, horizon));
  const path = s.out(s.season === 'winter' ? '#e9edf1' : '#cdbfa6');
  if (layout % 2 === 0) {
    // A path running from the front to the main building.
    const mid = s.W * between(r, 0.35, 0.65);
    s.body.push(
      `<path d="M${n(mid - 30)} ${n(horizon)}L${n(mid + 30)} ${n(horizon)}L${n(mid + s.W * 0.25)} ${s.H}L${n(mid - s.W * 0.25)} ${s.H}Z" fill="${path}"/>`,
    );
    s.body.push(trees(s, horizon + 40, Math.ceil(s.W / 260), [60, 110]));
    for (let i = r.int(2, 6); i > 0; i--) {
      const y = between(r, horizon + 60, s.H - 20);
      const scale = (y - horizon) / (s.H - horizon);
      s.body.push(
        person(
          s,
          mid + between(r, -0.15, 0.15) * s.W * scale * 2,
          y,
          40 + 120 * scale,
          'walk',
          look(s),
          r.next() < 0.5 ? 1 : -1,
        ),
      );
    }
  } else {
    // A square with a flower bed or, in winter, a snowman.
    s.body.push(rect(0, horizon + 50, s.W, s.H - horizon - 50, path));
    const bedX = s.W * between(r, 0.2, 0.6);
    const bedY = horizon + 100;
    s.body.push(
      `<ellipse cx="${n(bedX)}" cy="${n(bedY)}" rx="${n(s.W * 0.16)}" ry="34" fill="${s.out(SEASON[s.season].ground)}"/>`,
    );
    if (s.season === 'winter') {
      s.body.push(
        circle(bedX, bedY - 26, 30, s.out('#ffffff')) +
          circle(bedX, bedY - 72, 20, s.out('#ffffff')),
      );
    } else {
      let flowers = '';
      for (let i = 0; i < 30; i++)
        flowers += `M${n(bedX + between(r, -0.14, 0.14) * s.W)} ${n(bedY + between(r, -22, 22))}h0.1`;
      const flower = { spring: '#f28ab2', summer: '#f6d04d', autumn: '#e36b2c' }[
        s.season as 'spring'
      ];
      s.body.push(
        `<path d="${flowers}" stroke="${s.out(flower)}" stroke-width="9" stroke-linecap="round"/>`,
      );
    }
    s.body.push(trees(s, horizon + 30, Math.ceil(s.W / 300), [70, 120]));
    for (let i = r.int(3, 7); i > 0; i--) {
      s.body.push(
        person(
          s,
          r.next() * s.W,
          between(r, horizon + 150, s.H - 10),
          between(r, 110, 150),
          'walk',
          look(s),
          r.next() < 0.5 ? 1 : -1,
        ),
      );
    }
  }
  s.body.push(weather(s));
}

/** The running track, a football match or a basketball game, with players in team colours. */
export function sportsScene(s: Stage, layout: number): void {
  const r = s.random;
  const horizon = s.H * between(r, 0.36, 0.44);
  s.body.push(backdrop(s, horizon));
  const home = r.pick(TEAMS);
  const away = r.pick(TEAMS.filter((t) => t !== home));
  const field = s.out(s.season === 'winter' ? '#e8edf2' : '#4f9a4c');
  const kind = layout % 3;
  if (kind === 0) {
    // Lanes of the track sweeping across, runners in them.
    s.body.push(rect(0, horizon + 30, s.W, s.H - horizon - 30, s.out('#c4553d')));
    let lanes = '';
    for (let y = horizon + 60; y < s.H; y += 48) lanes += `M0 ${n(y)}H${s.W}`;
    s.body.push(`<path d="${lanes}" stroke="${s.out('#f5efe6')}" stroke-width="3"/>`);
    for (let y = horizon + 100, lane = 0; y < s.H + 40; y += 48, lane++) {
      const x = s.W * between(r, 0.2, 0.8);
      s.body.push(person(s, x, y, 120 + lane * 14, 'run', look(s, lane % 2 ? home : away)));
    }
  } else {
    s.body.push(rect(0, horizon + 20, s.W, s.H - horizon - 20, field));
    const marks = s.out('#ffffff');
    if (kind === 1) {
      s.body.push(
        `<path d="M${n(s.W / 2)} ${n(horizon + 20)}V${s.H}" stroke="${marks}" stroke-width="4"/><ellipse cx="${n(s.W / 2)}" cy="${n(horizon + 170)}" rx="120" ry="50" fill="none" stroke="${marks}" stroke-width="4"/>`,
      );
      const goalX = r.next() < 0.5 ? 60 : s.W - 180;
      s.body.push(
        `<path d="M${n(goalX)} ${n(horizon + 110)}V${n(horizon + 40)}H${n(goalX + 120)}V${n(horizon + 110)}" stroke="${marks}" stroke-width="6" fill="none"/>`,
      );
      for (let i = r.int(6, 10); i > 0; i--) {
        const y = between(r, horizon + 90, s.H - 10);
        const x = r.next() * s.W;
        s.body.push(
          person(
            s,
            x,
            y,
            60 + 0.4 * (y - horizon),
            'run',
            look(s, i % 2 ? home : away),
            x < s.W / 2 ? 1 : -1,
          ),
        );
      }
      s.body.push(
        circle(
          s.W * between(r, 0.3, 0.7),
          between(r, horizon + 150, s.H - 40),
          12,
          s.out('#ffffff'),
        ),
      );
    } else {
      // A basketball court with a hoop and a player going up to shoot.
      s.body.push(
        rect(
          s.W * 0.05,
          horizon + 20,
          s.W * 0.9,
          s.H - horizon - 20,
          s.out(s.season === 'winter' ? '#c9d3dc' : '#3d6f8e'),
        ),
      );
      const hoopX = s.W * between(r, 0.55, 0.8);
      s.body.push(
        `<path d="M${n(hoopX)} ${n(s.H * 0.86)}V${n(horizon - 60)}" stroke="${s.out('#5f6a72')}" stroke-width="10"/>`,
      );
      s.body.push(
        rect(hoopX - 60, horizon - 110, 120, 76, s.out('#ffffff')) +
          rect(hoopX - 26, horizon - 40, 52, 6, s.out('#e2572b')),
      );
      for (let i = r.int(4, 7); i > 0; i--) {
        const x = hoopX + between(r, -0.5, 0.3) * s.W;
        const y = between(r, horizon + 140, s.H - 10);
        s.body.push(
          person(
            s,
            x,
            y,
            150 + 0.2 * (y - horizon),
            i === 1 ? 'shoot' : 'run',
            look(s, i % 2 ? home : away),
            x < hoopX ? 1 : -1,
          ),
        );
      }
      s.body.push(circle(hoopX - 30, horizon - 20, 13, s.out('#e2572b')));
    }
  }
  s.body.push(weather(s, 0.6));
}

/** A ceremony on the square: the flag up its pole, a stage, the school in rows. */
export function outdoorCeremony(s: Stage): void {
  const r = s.random;
  const horizon = s.H * 0.45;
  s.body.push(backdrop(s, horizon));
  const poleX = s.W * between(r, 0.15, 0.85);
  s.body.push(rect(poleX - 4, horizon - 230, 8, 250, s.out('#b9bec6')));
  s.body.push(rect(poleX + 4, horizon - 226, 96, 64, s.out('#de2910')));
  const stageW = Math.min(s.W * 0.5, 520);
  const stageX = Math.min(Math.max(poleX - stageW / 2, 20), s.W - stageW - 20);
  s.body.push(rect(stageX, horizon - 10, stageW, 50, s.out('#8c2f39')));
  for (let i = 0; i < 4; i++) {
    s.body.push(person(s, stageX + stageW * (0.2 + i * 0.2), horizon, 70, 'stand'));
  }
  // The rows of students from behind, class by class.
  let rows = '';
  for (let y = horizon + 90, size = 16; y < s.H + 30; y += size * 2.4, size *= 1.18) {
    for (let x = between(r, 0, size * 2); x < s.W; x += size * 2.2) {
      const who = look(s);
      rows += `<path d="M${n(x - size)} ${n(y + size * 2)}Q${n(x - size)} ${n(y + size * 0.7)} ${n(x)} ${n(y + size * 0.65)}Q${n(x + size)} ${n(y + size * 0.7)} ${n(x + size)} ${n(y + size * 2)}Z" fill="${s.out(who.shirt)}"/>${circle(x, y, size * 0.52, s.out(who.hair))}`;
    }
  }
  s.body.push(rows);
  s.body.push(weather(s, 0.5));
}

/** People standing in rows on the steps of a building: a class, a team, the staff. */
export function groupPhoto(s: Stage): void {
  const r = s.random;
  const horizon = s.H * 0.5;
  s.body.push(backdrop(s, horizon));
  s.body.push(rect(0, horizon + 10, s.W, s.H - horizon - 10, s.out('#c9c2b4')));
  let steps = '';
  for (let i = 0; i < 4; i++) steps += `M0 ${n(horizon + 60 + i * 60)}H${s.W}`;
  s.body.push(`<path d="${steps}" stroke="${s.out('#a79f90')}" stroke-width="4"/>`);
  const w = s.W * between(r, 0.8, 0.92);
  s.body.push(
    rowsOfPeople(s, { x: (s.W - w) / 2, w, feetY: s.H - 24, rows: r.int(3, 4), size: 200 }),
  );
}

import { circle, line, rect, type Stage } from './demo-scenes-kit.js';
import { between, n } from './demo-svg-kit.js';

/** People of the scenes: simple figures seen from the front, the side or behind. */

const SKIN = ['#f1c7a5', '#e8b48f', '#d9a27c', '#f5d3b8', '#c98e6a'];
const HAIR = ['#2b2420', '#3b2f2a', '#1f1b1a', '#4a3a30'];
/** School uniforms: a track suit in one of the school's colours, or a white shirt. */
const UNIFORMS = ['#2f5d9e', '#1f4e79', '#ffffff', '#3c6e71', '#8c2f39'];
const COATS = ['#2f3e55', '#5b3a3a', '#37474f', '#6d4c41', '#1f4e79'];
const TROUSERS = ['#2c3340', '#1f2a3a', '#3a3f4a'];

export type Pose = 'stand' | 'walk' | 'run' | 'raise' | 'shoot' | 'back' | 'sit';

export interface Look {
  skin: string;
  hair: string;
  shirt: string;
  trousers: string;
  longHair: boolean;
}

/** A person's clothes for the season: coats in winter, uniforms otherwise; `team` overrides. */
export function look(s: Stage, team?: string): Look {
  const r = s.random;
  const shirt = team ?? (s.season === 'winter' ? r.pick(COATS) : r.pick(UNIFORMS));
  return {
    skin: r.pick(SKIN),
    hair: r.pick(HAIR),
    shirt,
    trousers: team ? '#f2f2f2' : r.pick(TROUSERS),
    longHair: r.next() < 0.45,
  };
}

/**
 * A person `h` tall standing at (x, feetY). Faces are two dots at most: the pictures show
 * who is there and what they do, never whom. `facing` -1 turns a side pose to the left.
 */
export function person(
  s: Stage,
  x: number,
  feetY: number,
  h: number,
  pose: Pose,
  who: Look = look(s),
  facing = 1,
): string {
  const c = s.c;
  const headR = h * 0.085;
  const lean = pose === 'run' ? facing * h * 0.06 : 0;
  const headY = feetY - h + headR;
  const shoulderY = headY + headR + h * 0.04;
  const hipY = feetY - h * 0.46;
  const torsoW = h * 0.22;
  const limb = h * 0.075;
  const shirt = c(who.shirt);
  const legs = c(who.trousers);
  let out = '';
  // Legs.
  if (pose === 'sit') {
    out += line(
      x - torsoW * 0.25,
      hipY,
      x - torsoW * 0.25 + facing * h * 0.2,
      hipY,
      legs,
      limb * 1.2,
    );
    out += line(x + facing * h * 0.2, hipY, x + facing * h * 0.2, feetY, legs, limb * 1.2);
  } else if (pose === 'walk' || pose === 'run') {
    const stride = pose === 'run' ? h * 0.22 : h * 0.11;
    out += line(x, hipY, x + facing * stride, feetY, legs, limb * 1.2);
    const knee = pose === 'run' ? h * 0.14 : 0;
    out += `<path d="M${n(x)} ${n(hipY)}L${n(x - facing * stride * 0.4)} ${n((hipY + feetY) / 2 + knee * 0.2)}L${n(x - facing * stride)} ${n(feetY - knee)}" stroke="${legs}" stroke-width="${n(limb * 1.2)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
  } else {
    out += line(x - torsoW * 0.22, hipY, x - torsoW * 0.26, feetY, legs, limb * 1.2);
    out += line(x + torsoW * 0.22, hipY, x + torsoW * 0.26, feetY, legs, limb * 1.2);
  }
  // Arms behind the body for a back view, otherwise in front of it.
  const lx = x + lean - torsoW * 0.45;
  const rx = x + lean + torsoW * 0.45;
  const armY = shoulderY + limb * 0.5;
  const arms = {
    stand: [lx - h * 0.03, hipY + h * 0.02, rx + h * 0.03, hipY + h * 0.02],
    back: [lx - h * 0.02, hipY, rx + h * 0.02, hipY],
    sit: [lx + facing * h * 0.12, hipY - h * 0.05, rx + facing * h * 0.12, hipY - h * 0.05],
    walk: [lx - facing * h * 0.08, hipY, rx + facing * h * 0.1, hipY - h * 0.03],
    run: [lx - facing * h * 0.16, armY + h * 0.12, rx + facing * h * 0.16, armY + h * 0.02],
    raise: [lx - h * 0.03, hipY + h * 0.02, rx + h * 0.05, headY - h * 0.12],
    shoot: [lx + h * 0.02, headY - h * 0.16, rx - h * 0.02, headY - h * 0.16],
  }[pose];
  const armPaths =
    line(lx, armY, arms[0]!, arms[1]!, shirt, limb) +
    line(rx, armY, arms[2]!, arms[3]!, shirt, limb);
  const skin = c(who.skin);
  const hands =
    circle(arms[0]!, arms[1]!, limb * 0.55, skin) + circle(arms[2]!, arms[3]!, limb * 0.55, skin);
  if (pose === 'back') out += armPaths;
  // Torso.
  out += `<path d="M${n(x + lean - torsoW / 2)} ${n(shoulderY + limb * 0.4)}Q${n(x + lean - torsoW / 2)} ${n(shoulderY)} ${n(x + lean - torsoW * 0.3)} ${n(shoulderY)}H${n(x + lean + torsoW * 0.3)}Q${n(x + lean + torsoW / 2)} ${n(shoulderY)} ${n(x + lean + torsoW / 2)} ${n(shoulderY + limb * 0.4)}L${n(x + torsoW * 0.42)} ${n(hipY + h * 0.03)}H${n(x - torsoW * 0.42)}Z" fill="${shirt}"/>`;
  if (pose !== 'back') out += armPaths + hands;
  // Head and hair.
  const hx = x + lean * 1.3;
  const hair = c(who.hair);
  if (who.longHair)
    out += rect(hx - headR * 1.05, headY, headR * 2.1, headR * 1.6, hair, ' rx="4"');
  if (pose === 'back') return out + circle(hx, headY, headR * 1.04, hair);
  out += circle(hx, headY, headR, skin);
  out += `<path d="M${n(hx - headR * 1.05)} ${n(headY + headR * 0.05)}A${n(headR * 1.05)} ${n(headR * 1.05)} 0 0 1 ${n(hx + headR * 1.05)} ${n(headY + headR * 0.05)}Q${n(hx)} ${n(headY - headR * 0.45)} ${n(hx - headR * 1.05)} ${n(headY + headR * 0.05)}Z" fill="${hair}"/>`;
  if (h > 60 && (pose === 'stand' || pose === 'raise')) {
    const eye = c('#2b2420');
    out += circle(hx - headR * 0.35, headY + headR * 0.15, headR * 0.09, eye);
    out += circle(hx + headR * 0.35, headY + headR * 0.15, headR * 0.09, eye);
  }
  return out;
}

/** Heads and shoulders seen from behind: an audience, a class facing the blackboard. */
export function backOfHead(s: Stage, x: number, y: number, size: number, who: Look = look(s)) {
  const shoulders = `<path d="M${n(x - size * 0.9)} ${n(y + size * 1.6)}Q${n(x - size * 0.9)} ${n(y + size * 0.75)} ${n(x)} ${n(y + size * 0.7)}Q${n(x + size * 0.9)} ${n(y + size * 0.75)} ${n(x + size * 0.9)} ${n(y + size * 1.6)}Z" fill="${s.c(who.shirt)}"/>`;
  return shoulders + circle(x, y, size * 0.5, s.c(who.hair));
}

/**
 * Rows of people facing the camera, the back rows higher: a class photo, a team, a choir.
 * Returns the SVG and where the front row stands.
 */
export function rowsOfPeople(
  s: Stage,
  box: { x: number; w: number; feetY: number; rows: number; size: number },
  team?: string,
): string {
  let out = '';
  for (let row = box.rows - 1; row >= 0; row--) {
    const h = box.size * (1 - row * 0.04);
    const gap = h * 0.3;
    const count = Math.max(2, Math.floor(box.w / gap) - (row % 2));
    const start = box.x + (box.w - (count - 1) * gap) / 2 + (row % 2) * gap * 0.5;
    const feetY = box.feetY - row * h * 0.3;
    for (let i = 0; i < count; i++) {
      const jitter = between(s.random, -0.03, 0.03) * h;
      out += person(s, start + i * gap, feetY + jitter, h + jitter, 'stand', look(s, team));
    }
  }
  return out;
}

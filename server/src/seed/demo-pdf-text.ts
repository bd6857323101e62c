import type { Random } from './random.js';

/**
 * English word banks for the magazine PDFs: pdf-lib's standard fonts cannot
 * draw Chinese, and placeholder Latin would make the demo look unfinished.
 */

const NAMES = [
  'Lin Xiaoyu',
  'Zhou Haoran',
  'Chen Yutong',
  'Wang Zixuan',
  'Zhao Ming',
  'Xu Jiayi',
  'Liu Chenyang',
  'Sun Ruoxi',
  'He Jianhua',
  'Shen Qingyang',
];
const ROLES = [
  'a Grade 10 student',
  'a Grade 8 student',
  'the club adviser',
  'a physics teacher',
  'head of Grade 9',
  'the school librarian',
  'a member of the student union',
  'an alumna of the class of 2012',
];
const SUBJECTS = [
  'Students in the Grade 8 robotics club',
  'Our senior choir',
  'The Grade 11 biology class',
  'A group of volunteers from the student union',
  'Teachers of the mathematics department',
  'The school football team',
  'Members of the Qingxi Literary Society',
  'First-year students of the senior section',
  'The astronomy club',
  'Young reporters of the campus radio station',
];
const ACTIONS = [
  'spent a week building a weather station on the roof of the science building',
  'visited the wetland park to count the birds that winter by the lake',
  'prepared an evening of folk songs for the New Year concert',
  'planted forty young ginkgo trees along the east avenue',
  'organised a book exchange in the library courtyard',
  'tested paper bridges that had to carry two kilograms of sand',
  'interviewed retired teachers about school life in the 1980s',
  'trained every morning before class for the city league',
  'ran a first-aid workshop for the younger pupils',
  'designed posters about saving water for the neighbourhood',
  'mapped the old streets of Qingxi Town with their own drawings',
  'grew vegetables in the rooftop garden and sold them for charity',
];
const ENDINGS = [
  'and the results surprised everyone.',
  'with help from parents and alumni.',
  'despite a week of heavy rain.',
  "as part of this term's project learning.",
  'and will share their findings at the next assembly.',
  'and plan to do it again next spring.',
];
const QUOTES = [
  'We learned more from our mistakes than from the textbook',
  'It was the first time I saw the whole class work as one team',
  'Good questions matter more than quick answers',
  'Every small experiment taught us to be patient',
  'I never knew our campus had so many stories to tell',
  'The best part was seeing the younger students join in',
];
const REFLECTIONS = [
  'Projects like this show how classroom knowledge connects with everyday life.',
  'Behind every performance are weeks of quiet practice that few people see.',
  'The school hopes that every student will find one activity to love.',
  'Many ideas began as a casual conversation in the corridor after class.',
  'Teachers say the greatest change is in how confidently students now speak.',
  'The exhibition stays open in the Wenhua Building until the end of the month.',
  'Parents were invited to the final presentation and asked many good questions.',
  'Next term the club will welcome new members from both the junior and senior sections.',
];
const HEADLINES = [
  'A Week of Science on Campus',
  'Voices from the Music Room',
  'Notes from the Wetland Field Trip',
  'Building Bridges out of Paper',
  'Alumni Return to Qingxi Lake',
  'How Our Library Became a Studio',
  'The Long Run: Training with the Track Team',
  'Seventy Years of Ginkgo Avenue',
  'A Rooftop Garden Grows Up',
  'Questions Worth Asking',
  'Stories from the Old Wenhua Building',
  'One Day with the Campus Radio',
];

export const englishName = (random: Random) => random.pick(NAMES);
export const englishRole = (random: Random) => random.pick(ROLES);

/** Distinct headlines while they last, so an issue's contents never list one twice. */
export function englishHeadlines(random: Random, count: number): string[] {
  const left = [...HEADLINES];
  return Array.from({ length: count }, () => {
    if (left.length === 0) left.push(...HEADLINES);
    return left.splice(random.int(0, left.length - 1), 1)[0];
  });
}

/** One sentence of a school-life report, in one of three shapes. */
export function englishSentence(random: Random): string {
  const shape = random.next();
  if (shape < 0.45) {
    return `${random.pick(SUBJECTS)} ${random.pick(ACTIONS)} ${random.pick(ENDINGS)}`;
  }
  if (shape < 0.7) {
    return `"${random.pick(QUOTES)}," said ${random.pick(NAMES)}, ${random.pick(ROLES)}.`;
  }
  return random.pick(REFLECTIONS);
}

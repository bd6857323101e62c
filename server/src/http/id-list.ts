/** The largest id a table holds (a 32-bit integer column). */
const ID_MAX = 2_147_483_647;

/** Ids the original pages join with commas ('3,5,8'), each once; no id past ID_MAX. */
export const idsOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((part) => Number(part.trim()))
      .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= ID_MAX),
  ),
];

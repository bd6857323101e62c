/** Ids the original pages join with commas ('3,5,8'), each once. */
export const idsOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((part) => Number(part.trim()))
      .filter((id) => Number.isSafeInteger(id) && id > 0),
  ),
];

/** The first run's setup token, kept as its SHA-256 (migration 0041, modules/setup). */
export interface SetupTokenTable {
  tokenHash: string;
  createdAt: string;
}

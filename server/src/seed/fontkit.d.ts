/**
 * The part of @foliojs-fork/fontkit (no types of its own) the demo uses: a
 * font pdf-lib can subset, and its glyph outlines for pictures.
 */
declare module '@foliojs-fork/fontkit' {
  export interface Glyph {
    path: { toSVG(): string };
  }
  export interface Font {
    unitsPerEm: number;
    layout(text: string): {
      glyphs: Glyph[];
      positions: Array<{ xAdvance: number }>;
      advanceWidth: number;
    };
  }
  const fontkit: { create(data: Buffer, postscriptName?: string): Font | { fonts: Font[] } };
  export default fontkit;
}

import { Extension } from '@tiptap/core';

export type Alignment = 'left' | 'center' | 'right' | 'justify';
const ALIGNMENTS: Alignment[] = ['left', 'center', 'right', 'justify'];

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    paragraphAlign: {
      /** Aligns the paragraphs and headings of the selection ('left' clears it). */
      setParagraphAlign: (alignment: Alignment) => ReturnType;
    };
  }
}

/**
 * Paragraph and heading alignment as a `text-align` style, the one style the
 * server's sanitiser keeps for it. (TipTap's own text-align package pins an
 * older core than the rest of the editor.)
 */
export const ParagraphAlign = Extension.create({
  name: 'paragraphAlign',

  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) => {
              const value = element.style.textAlign as Alignment;
              return ALIGNMENTS.includes(value) && value !== 'left' ? value : null;
            },
            renderHTML: (attributes) =>
              attributes.textAlign ? { style: `text-align: ${attributes.textAlign}` } : {},
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      setParagraphAlign:
        (alignment) =>
        ({ commands }) => {
          const value = alignment === 'left' ? null : alignment;
          const paragraph = commands.updateAttributes('paragraph', { textAlign: value });
          const heading = commands.updateAttributes('heading', { textAlign: value });
          return paragraph || heading;
        },
    };
  },
});

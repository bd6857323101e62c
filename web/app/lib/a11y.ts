/**
 * Copies that antd's table hides from assistive technology with aria-hidden while they still
 * hold links, buttons and checkboxes a keyboard reaches (axe: aria-hidden-focus): the table's
 * column-measuring row (a copy of the header when a table scrolls). Making them `inert` takes
 * their contents out of the tab order too, as aria-hidden means.
 */
const HIDDEN_COPIES = '.ant-table-measure-row';

function sync(element: Element) {
  const hidden = element.getAttribute('aria-hidden') === 'true';
  if (hidden !== element.hasAttribute('inert')) element.toggleAttribute('inert', hidden);
}

/** Keeps every hidden copy inert as pages render; returns the clean-up. */
export function inertHiddenCopies() {
  const syncAll = (root: ParentNode) => root.querySelectorAll(HIDDEN_COPIES).forEach(sync);
  syncAll(document);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target as Element;
      if (record.type === 'attributes') {
        if (target.matches(HIDDEN_COPIES)) sync(target);
        continue;
      }
      record.addedNodes.forEach((node) => {
        if (!(node instanceof Element)) return;
        if (node.matches(HIDDEN_COPIES)) sync(node);
        syncAll(node);
      });
    }
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-hidden'],
  });
  return () => observer.disconnect();
}

/**
 * Puts focus in a dialog's first field once its opening animation has ended, unless the
 * person is already in a field by then (a quick click or tab into another field during the
 * animation): moving focus then would send their typing into the wrong box.
 */
export function focusFirstField(focus: () => void) {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable]'))
    return;
  focus();
}

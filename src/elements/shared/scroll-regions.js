// A box that scrolls must be reachable from the keyboard (WCAG 2.1.1): a reader without a mouse
// focuses it with Tab and scrolls it with the arrow keys. Only boxes that really overflow join the tab
// order, so a table that fits costs no extra Tab stop; a ResizeObserver re-checks a box when it or its
// content changes size (a new table, another width, a larger text size), and a MutationObserver finds
// the boxes an element draws later, outside its render (results drawn part by part, a panel opened).
//
// API:
//   watchScrollRegions(root, selector = SCROLL_BOXES)
//                             picks up the boxes under root that may scroll (selector) now, and those
//                             added later within a microtask of their insertion; returns { disconnect() }
export const SCROLL_BOXES = '.scroll, .formula, pre';

/** The name a screen reader announces for a focused box: its table's caption, else its own label. */
function regionName(box) {
  const caption = box.querySelector('caption, figcaption');
  return (caption?.textContent || box.getAttribute('aria-label') || '').trim();
}

function mark(box) {
  const overflows = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  if (overflows) {
    box.setAttribute('data-scrolls', '');
    box.tabIndex = 0;
    const name = regionName(box);
    if (name && (!box.hasAttribute('role') || box.getAttribute('role') === 'group')) {
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', name);
    }
  } else if (box.hasAttribute('data-scrolls')) {
    box.removeAttribute('data-scrolls');
    box.removeAttribute('tabindex');
    if (box.getAttribute('role') === 'group') {
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  }
}

export function watchScrollRegions(root, selector = SCROLL_BOXES) {
  if (typeof ResizeObserver !== 'function') return { disconnect() {} };
  const boxOf = new WeakMap();   // observed node -> the scrolling box it belongs to
  const observer = new ResizeObserver((entries) => {
    const boxes = new Set(entries.map((e) => boxOf.get(e.target)).filter((box) => box?.isConnected));
    for (const box of boxes) mark(box);
  });
  const watch = (node, box) => {
    if (boxOf.get(node) === box) return;
    boxOf.set(node, box);
    observer.observe(node);
  };
  const scan = () => {
    for (const box of root.querySelectorAll(selector)) {
      watch(box, box);
      // The box keeps its size when a wider table replaces the old one: watch its content too.
      for (const child of box.children) watch(child, box);
    }
  };
  scan();
  // MutationObserver callbacks come as one microtask per batch of changes: one scan however many nodes.
  const added = typeof MutationObserver === 'function'
    ? new MutationObserver((records) => { if (records.some((r) => r.addedNodes.length)) scan(); })
    : null;
  added?.observe(root, { childList: true, subtree: true });
  return {
    disconnect() { observer.disconnect(); added?.disconnect(); },
  };
}

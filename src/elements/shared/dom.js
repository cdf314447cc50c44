// Building DOM, the one way every element does it: h() makes an HTML element, svg() an SVG one, from
// a tag, attributes and children. String children become text nodes and attribute values are set as
// values, so text from anywhere (a bank, a file name, the reader's sentence) can never turn into
// markup. (Formulas are the one markup the elements insert: MathML typeset at build time or built with
// every token escaped, see shared/math.js.)
//
// API:
//   h(tag, attrs?, ...children)     -> HTMLElement
//   svg(tag, attrs?, ...children)   -> SVGElement (in the SVG namespace; attribute names keep their case)
//     attrs: class, text (textContent), on<event> (a listener), true (an empty attribute), false /
//       null / undefined (left out), anything else setAttribute(name, String(value))
//     children: nodes, strings, numbers, and arrays of them at any depth; null / undefined / false
//       are skipped
//   nodes(...children)              -> DocumentFragment of the same children (for replaceChildren etc.)

const SVG_NS = 'http://www.w3.org/2000/svg';

function build(el, attrs, children) {
  if (attrs) {
    for (const key of Object.keys(attrs)) {
      const value = attrs[key];
      if (value === false || value === null || value === undefined) continue;
      if (key === 'class') el.setAttribute('class', value);
      else if (key === 'text') el.textContent = value;
      else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
      else el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.append(child instanceof Node ? child : String(child));
  }
}

export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function svg(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function nodes(...children) {
  const fragment = document.createDocumentFragment();
  append(fragment, children);
  return fragment;
}

// DOM building for <pe-ffn-quiz> and the quiz page: h(tag, attrs, ...children) creates elements whose
// string children become text nodes, so text from a question bank can never turn into markup.
//   attrs: class, text (textContent), on<event> (listener), anything else -> setAttribute
//   (true -> empty attribute; false/null/undefined -> left out)

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = value;
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** The circled number ①..⑳ for 1..20, "(k)" beyond. */
export function circled(k) {
  return k >= 1 && k <= 20 ? String.fromCodePoint(0x2460 + k - 1) : `(${k})`;
}

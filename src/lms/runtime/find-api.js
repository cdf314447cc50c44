// Finds the LMS's SCORM API object as the standards describe: in this window's parents (the SCO is
// usually in a frame of the LMS page), then in the opener and its parents (the SCO in a pop-up).
// ADL's sample gives up after 500 levels; a frame tree is never that deep, and a cross-origin parent
// (which we may not read) ends the search up that chain.
//   findScormApi(win, name) -> the object (name 'API' for SCORM 1.2, 'API_1484_11' for 2004) or null
const MAX_LEVELS = 500;

function inChain(start, name) {
  let win = start;
  for (let level = 0; win && level < MAX_LEVELS; level++) {
    try {
      if (win[name]) return win[name];
    } catch { return null; } // another origin
    if (win.parent === win) return null;
    win = win.parent;
  }
  return null;
}

export function findScormApi(win, name) {
  const own = inChain(win, name);
  if (own) return own;
  let opener = null;
  try { opener = win.opener; } catch { opener = null; }
  return opener ? inChain(opener, name) : null;
}

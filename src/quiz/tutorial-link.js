// Where the tutorial teaches a question: the question's own `tutorial` section id, else its bank
// section's, else none. tutorialHref() builds the link from the tutorial page's address; the quiz's
// "출처" label becomes that link, so a learner goes from a question to the section that teaches it.

/** The tutorial section id for `q` in `bank`, or '' when there is none. */
export function tutorialSection(q, bank) {
  if (typeof q.tutorial === 'string' && q.tutorial) return q.tutorial;
  const section = (bank && Array.isArray(bank.sections) ? bank.sections : []).find((s) => s.id === q.section);
  return section && typeof section.tutorial === 'string' ? section.tutorial : '';
}

/** "index.html?lang=en#relative" from the page address `base`, the section id and the language. */
export function tutorialHref(base, sectionId, lang = 'ko') {
  if (!base || !sectionId) return '';
  const [path] = String(base).split('#');
  const query = lang === 'en' ? `${path.includes('?') ? '&' : '?'}lang=en` : '';
  return `${path}${query}#${encodeURIComponent(sectionId)}`;
}

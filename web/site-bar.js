// Vite plugin: the site bar (brand, language, text size, theme, share, the other page's link) of both
// pages, written once. Each page holds <!-- site-bar --> where the bar goes; the plugin puts the markup
// there in the dev server and in the build, before the other plugins read the HTML. The texts are the
// Korean first view; the pages' scripts relabel every [data-text] and [data-label] in the reader's
// language (web/main.js, web/quiz.js), as for the rest of the page.
//
// API:
//   PAGES              page file -> what its bar holds beyond the common part
//   siteBarHtml(page)  the bar's markup for 'index.html' or 'quiz.html'
//   siteBar()          the plugin

const MARKER = '<!-- site-bar -->';

export const PAGES = Object.freeze({
  'index.html': { textSize: true, share: true, link: { class: 'quiz-link', href: 'quiz.html', text: 'quizNav', label: '퀴즈 풀기' } },
  'quiz.html': { textSize: false, share: false, link: { class: 'quiz-link tutorial-link', href: 'index.html', text: 'tutorial', label: '← 튜토리얼로' } },
});

const TEXT_SIZE = `
        <div class="group" role="group" data-label="textSize" aria-label="글자 크기">
          <button type="button" data-size="-1"><span class="size-glyph" aria-hidden="true">가−</span><span class="visually-hidden" data-text="smaller">글자 작게</span></button>
          <button type="button" data-size="0"><span class="size-glyph" aria-hidden="true">가</span><span class="visually-hidden" data-text="resetSize">기본 크기</span></button>
          <button type="button" data-size="1"><span class="size-glyph" aria-hidden="true">가+</span><span class="visually-hidden" data-text="larger">글자 크게</span></button>
        </div>`;
const SHARE = `
        <button type="button" class="share" data-text="share">이 설정으로 링크 복사</button>`;

export function siteBarHtml(page) {
  const p = PAGES[page];
  if (!p) throw new Error(`site-bar: no bar for ${page} (PAGES lists ${Object.keys(PAGES).join(', ')})`);
  return `<div class="bar">
      <span class="brand">pe-ffn-wasm</span>
      <div class="tools" role="toolbar" data-label="toolbar" aria-label="페이지 설정">
        <div class="group" role="group" data-label="language" aria-label="언어">
          <button type="button" data-lang="ko" lang="ko" aria-pressed="true">한국어</button>
          <button type="button" data-lang="en" lang="en" aria-pressed="false">English</button>
        </div>${p.textSize ? TEXT_SIZE : ''}
        <div class="theme-pick">
          <label for="theme-choice">화면 테마</label>
          <select id="theme-choice">
            <option value="system">시스템 설정</option>
            <option value="light">밝게</option>
            <option value="dark">어둡게</option>
          </select>
        </div>${p.share ? SHARE : ''}
        <a class="${p.link.class}" href="${p.link.href}" data-text="${p.link.text}">${p.link.label}</a>
      </div>
    </div>`;
}

export function siteBar() {
  return {
    name: 'pe-site-bar',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (!html.includes(MARKER)) return html;
        const page = ctx.filename.split(/[\\/]/).pop();
        return html.replace(MARKER, siteBarHtml(page));
      },
    },
  };
}

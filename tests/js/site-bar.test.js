// Both pages' site bar comes from web/site-bar.js: each page holds the marker once and no bar of its
// own, the plugin puts the page's bar there, and the bars differ only in what PAGES says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PAGES, siteBar, siteBarHtml } from '../../web/site-bar.js';

const web = fileURLToPath(new URL('../../web/', import.meta.url));

test('each page holds the marker once and no bar markup of its own; the plugin fills it', () => {
  const plugin = siteBar();
  for (const page of Object.keys(PAGES)) {
    const html = readFileSync(`${web}${page}`, 'utf8');
    assert.equal(html.split('<!-- site-bar -->').length, 2, `${page}: one marker`);
    assert.doesNotMatch(html, /class="(?:bar|brand|tools|theme-pick)"/, `${page}: no bar of its own`);
    const out = plugin.transformIndexHtml.handler(html, { filename: `/x/web/${page}` });
    assert.ok(out.includes(siteBarHtml(page)) && !out.includes('<!-- site-bar -->'), page);
  }
  assert.throws(() => siteBarHtml('other.html'), /no bar for other\.html/);
});

test('the bars share everything but the text size, the share button and the other page\'s link', () => {
  const tutorial = siteBarHtml('index.html');
  const quiz = siteBarHtml('quiz.html');
  for (const part of ['data-lang="ko"', 'data-lang="en"', 'id="theme-choice"', 'class="brand"']) {
    assert.ok(tutorial.includes(part) && quiz.includes(part), part);
  }
  assert.equal((tutorial.match(/data-size=/g) || []).length, 3);
  assert.equal((quiz.match(/data-size=/g) || []).length, 0);
  assert.match(tutorial, /class="share"/);
  assert.doesNotMatch(quiz, /class="share"/);
  assert.match(tutorial, /href="quiz\.html"/);
  assert.match(quiz, /href="index\.html"/);
});

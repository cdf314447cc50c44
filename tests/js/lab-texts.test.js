// Issue 35's facts about the position lab's texts, each held where a test can hold it, in Korean and
// English: the FFN's multiplications per token (what 2, 4 and 6 · d_model · d_ff count, against the
// module's own shapes), the bound's two conditions and that it is an expected value, symbols drawn with
// repetition (the bound without repetition would be 1/n), the context length used only for tokens or
// table rows (or, in the documents' words, a setting), ALiBi's two-sided penalty named as the lab's extension, the end-of-run line counting the
// runs that share the top, and one wording for rounding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import koLab from '../../src/i18n/ko/pe-lab.js';
import enLab from '../../src/i18n/en/pe-lab.js';
import koPageLab from '../../src/i18n/ko/page-lab.js';
import enPageLab from '../../src/i18n/en/page-lab.js';
import koQuizLab from '../../src/i18n/ko/quiz-lab.js';
import enQuizLab from '../../src/i18n/en/quiz-lab.js';
import { builtinBank, generate } from '../../src/quiz/index.js';
import { ffnFlopsPerToken } from '../../src/elements/ffn/cost.js';
import { doneSummary } from '../../src/elements/lab/results.js';
import { particleAfter } from '../../src/i18n/particle.js';
import { koreanStrings } from './korean-texts.js';
import { loadCore } from './target.js';

const core = await loadCore();
const bank = builtinBank();
const labQuestions = bank.questions.filter((q) => q.section === 'lab');

function stringsOf(value, where, out = []) {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => stringsOf(v, `${where}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stringsOf(v, `${where}.${k}`, out);
  return out;
}
const questionStrings = (q, lang) => {
  const t = lang === 'en' ? q.en : q;
  return [t.prompt, t.explanation, ...(t.choices || []), ...(t.hints || []),
    ...(t.distractors || []).map((d) => (typeof d === 'string' ? d : d.explanation))].filter(Boolean)
    .map((text) => ({ where: `${q.id} (${lang})`, text }));
};
const generated = generate(core, { seed: 3, count: 3, topics: ['lab-params', 'lab-bound', 'lab-causal-share'] });
/** Every text of the lab, per language: the element, its page section, its quiz (bank and generated). */
const LAB = {
  ko: [...stringsOf(koLab, 'pe-lab'), ...stringsOf(koPageLab, 'page-lab'), ...stringsOf(koQuizLab, 'quiz-lab'),
    ...labQuestions.flatMap((q) => questionStrings(q, 'ko')), ...generated.flatMap((q) => questionStrings(q, 'ko'))],
  en: [...stringsOf(enLab, 'pe-lab'), ...stringsOf(enPageLab, 'page-lab'), ...stringsOf(enQuizLab, 'quiz-lab'),
    ...labQuestions.flatMap((q) => questionStrings(q, 'en')), ...generated.flatMap((q) => questionStrings(q, 'en'))],
};

test('FFN cost: the lab says 2 · d_model · d_ff multiplications per token, the module\'s W1 and W2 entries; 4 is FLOPs, 6 a training step', () => {
  // Each entry of W1 and W2 is multiplied once per token: the module's paramCount less the biases.
  for (const [dModel, dFF] of [[1, 1], [2, 3], [32, 8], [32, 128], [32, 512], [768, 3072]]) {
    const ffn = core.createFFN({ dModel, dFF });
    const multiplies = ffn.paramCount - dFF - dModel;
    ffn.dispose();
    assert.equal(multiplies, 2 * dModel * dFF, `${dModel}, ${dFF}`);
    assert.equal(ffnFlopsPerToken(dModel, dFF), 2 * multiplies, 'FLOPs: a multiply-add is 2');
  }
  const texts = { 'pe-lab dff (ko)': koLab.experiments.dff.explain, 'pe-lab dff (en)': enLab.experiments.dff.explain,
    'lab-dff-1 (ko)': bank.questions.find((q) => q.id === 'lab-dff-1').explanation, 'lab-dff-1 (en)': bank.questions.find((q) => q.id === 'lab-dff-1').en.explanation };
  for (const [where, text] of Object.entries(texts)) {
    const counts = [...text.matchAll(/(\d) · d_model · d_ff/g)];
    assert.ok(counts.length, where);
    const first = counts[0];
    assert.equal(first[1], '2', `${where}: the count per token comes first and is 2`);
    assert.match(text.slice(Math.max(0, first.index - 60), first.index + 40), /곱셈|multiplications/, `${where}: counted as multiplications`);
    for (const m of counts.slice(1)) {
      const around = text.slice(m.index, m.index + 60) + text.slice(Math.max(0, m.index - 90), m.index);
      if (m[1] === '4') assert.match(around, /FLOPs/, `${where}: 4 · d_model · d_ff is named FLOPs`);
      else if (m[1] === '6') assert.match(around, /역전파|backward/, `${where}: 6 · d_model · d_ff is a training step with the backward pass`);
      else assert.fail(`${where}: ${m[0]} counts nothing named`);
    }
  }
  for (const lang of ['ko', 'en']) {
    for (const { where, text } of LAB[lang]) assert.doesNotMatch(text, /(?:곱셈[^.]{0,12}|costs |does )4 · d_model · d_ff/, where);
  }
});

test('the bound: every lab text that states it names both conditions (no positions, no mask) and that it is an average', () => {
  const rules = {
    ko: { bound: /상한/, both: /위치 정보도 (?:인과 )?마스크도 없|위치도 마스크도 없/, average: /평균|기댓값|E\[/ },
    en: { bound: /\bbound\b/, both: /neither position(?:s| information) nor a (?:causal )?mask|without positions and without a mask|Without positions or a mask/i, average: /on average|expected value|E\[/ },
  };
  for (const lang of ['ko', 'en']) {
    const r = rules[lang];
    let checked = 0;
    for (const { where, text } of LAB[lang]) {
      // The chart's own label beside its line ('상한 {v}%') is explained by the note under the chart.
      if (!r.bound.test(text) || /^(?:상한|bound) \{v\} ?%$/.test(text)) continue;
      checked++;
      assert.match(text, r.both, `${where}: ${text.slice(0, 90)}`);
      if (/\{bound\}|26\.9|\{answer\}/.test(text)) assert.match(text, r.average, `${where}: the bound is an expected value`);
    }
    assert.ok(checked >= 6, `${lang}: ${checked} texts state the bound`);
  }
  for (const s of [koLab, enLab]) assert.match(`${s.guidesNote} ${s.experiments.position.explain}`, /기댓값|expected value/);
});

test('symbols are drawn independently with repetition: the bound question and the page say so, and the bound is not 1/n', () => {
  const bound = generate(core, { seed: 1, count: 1, topics: ['lab-bound'] })[0];
  const { n } = bound.params;
  assert.ok(bound.answer > 1 / n + 0.01, `with repetition ${bound.answer}, without it 1/${n}`);
  assert.match(bound.prompt, /따로 고르게 뽑/);
  assert.match(bound.prompt, /같은 기호가 여러 번 나올 수 있다/);
  assert.match(bound.en.prompt, /independently/);
  assert.match(bound.en.prompt, /same symbol may occur several times/);
  const task = (page) => page.blocks.find((b) => b.p?.includes('| a b c d |')).p;
  assert.match(task(koPageLab), /같은 기호가 여러 번 나올 수 있어요/);
  assert.match(task(enPageLab), /same symbol may appear several times/);
});

test('context length counts tokens (a learned table\'s rows), never the number of symbols, in the lab\'s texts', () => {
  for (const { where, text } of LAB.ko) {
    for (const m of text.matchAll(/컨텍스트 길이/g)) {
      const sentence = text.slice(text.lastIndexOf('.', m.index) + 1, text.indexOf('.', m.index) + 1 || undefined);
      assert.match(sentence, /행|토큰|max_position|설정/, `${where}: “${sentence}”`);
    }
  }
  for (const { where, text } of LAB.en) {
    for (const m of text.matchAll(/context length/gi)) {
      const sentence = text.slice(text.lastIndexOf('.', m.index) + 1, text.indexOf('.', m.index) + 1 || undefined);
      assert.match(sentence, /rows?|tokens?|max_position|settings?/, `${where}: “${sentence}”`);
    }
  }
  assert.match(koLab.experiments.longer.measured, /기호 \{hi\}개/);
  assert.match(enLab.experiments.longer.measured, /\{hi\} symbols/);
});

test('ALiBi: wherever the two-sided |i − j| appears, it is named the lab\'s own extension of a causal-mask method', () => {
  for (const lang of ['ko', 'en']) {
    let seen = 0;
    for (const { where, text } of LAB[lang]) {
      if (!/ALiBi/.test(text) || !/\|i − j\|/.test(text)) continue;
      seen++;
      assert.match(text, lang === 'ko' ? /인과 마스크 아래에서만 정의/ : /only under the causal mask/, where);
      assert.match(text, lang === 'ko' ? /실험실이 넓혀 쓴/ : /lab's own extension/, where);
    }
    assert.ok(seen >= 2, `${lang}: ${seen}`);
  }
});

test('the end-of-run line counts the runs that reached the top instead of crowning one', () => {
  const plan = { runs: ['none', 'sinusoidal', 'learned'].map((scheme) => ({ scheme, causal: true, dFF: 128 })) };
  const tied = [{ accuracy: 1 }, { accuracy: 1 }, { accuracy: 0.5 }];
  assert.equal(doneSummary(koLab, plan, tied), '학습이 끝났어요. 실행 3개 가운데 2개가 가장 높은 정확도 100.0%에 닿았어요.');
  assert.equal(doneSummary(enLab, plan, tied), 'Training done. 2 of 3 runs reached the highest accuracy, 100.0 %.');
  // Equal as shown (to 0.1 %) is a tie; a single best run is named.
  assert.match(doneSummary(koLab, plan, [{ accuracy: 0.99951 }, { accuracy: 0.9996 }, { accuracy: 0.2 }]), /2개가/);
  assert.equal(doneSummary(koLab, plan, [{ accuracy: 0.2 }, { accuracy: 0.9 }, { accuracy: 0.5 }]),
    '학습이 끝났어요. 가장 높은 정확도는 사인·코사인 · 마스크 있음의 90.0%예요(실행 3개 가운데 하나).');
});

test('smaller wording: one phrase for rounding to three places; 배치 크기; zip is read 집', async () => {
  for (const { where, text } of await koreanStrings()) {
    if (/셋째 자리/.test(text)) assert.match(text, /소수점 셋째 자리까지 반올림해 답하세요/, where);
  }
  assert.match(koLab.fixedNote, /배치 크기 \{batch\}/);
  assert.match(enLab.fixedNote, /batch size \{batch\}/);
  assert.equal(particleAfter('scorm12.zip', '를'), '을');
});

// The readers on their own (without a question) on a table of inputs as people type them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseNumber, parseOX, parseChoice } from '../../src/quiz/parse-answer.js';

// [input, value] read without units; [input, value, options] with the units (and labels) a question
// declares. null: not read.
const UNITS = { units: ['개', 'scores', '차원', 'rad'] };
const numbers = [
  ['3', 3], ['３', 3], ['  3  ', 3], ['3 개', 3, UNITS], ['100개', 100, UNITS], ['１００개', 100, UNITS], ['100 scores', 100, UNITS],
  ['4,722,432', 4722432], ["4'722'432", 4722432],
  ['4_722_432', 4722432], ['4,722,432개', 4722432, UNITS], ['４，７２２，４３２', 4722432], ['1,234', 1234],
  ['0.841', 0.841], ['.5', 0.5], ['-7', -7],
  ['−7', -7], ['－７', -7], ['+2', 2], ['1e-3', 0.001], ['2.5E2', 250], ['1,234.5', 1234.5],
  ['10×10=100', 100], ['10 x 10 = 100', 100], ['정답: 5', 5], ['답은 3', 3],
  ['3.', 3], ['100!', 100], ['512차원', 512, UNITS], ['2 rad', 2, UNITS], ['③', 3], ['열 15', 15, { labels: ['열'] }],
  ['0', 0], [3, 3], ['', null], ['abc', null], ['1 2', null], ['1,2,3', null], ['3 or 4', null],
  ['12,34,56', null], ['1..2', null], ['--3', null], [Infinity, null], ['x=', null],
  // Default deny: what the question does not declare, and what could be two answers, is not read.
  // A decimal comma only where nothing else can be meant: "0,5" (issue 33); "3,14" may be two answers.
  ['0,5', 0.5], ['0,45', 0.45],
  ['3 개', null], ['100 scores', null], ['4 722 432', null], ['4.722.432', null], ['3,14', null],
  ['1.234,5', null], ['약 0.85', null], ['3 틀림', null], ['100%', null],
];

for (const [input, expected, options] of numbers) {
  test(`parseNumber(${JSON.stringify(input)}${options ? `, ${JSON.stringify(options)}` : ''}) -> ${expected}`, () => {
    const got = parseNumber(input, options);
    if (expected === null) assert.equal(got, null);
    else assert.ok(Math.abs(got - expected) < 1e-12, `got ${got}`);
  });
}

const ox = [
  ['O', 1], ['o', 1], ['Ｏ', 1], ['○', 1], ['◯', 1], ['⭕', 1], ['1', 1], ['１', 1], ['참', 1], ['맞다', 1],
  ['맞음', 1], ['예', 1], ['true', 1], ['TRUE', 1], ['yes', 1], ['O (1)', 1], [true, 1], [1, 1],
  ['X', 0], ['x', 0], ['ｘ', 0], ['×', 0], ['✕', 0], ['❌', 0], ['0', 0], ['０', 0], ['거짓', 0],
  ['틀리다', 0], ['틀림', 0], ['아니오', 0], ['false', 0], ['no', 0], ['X (0)', 0], ['정답: X', 0], [false, 0], [0, 0],
  ['', null], ['모름', null], ['2', null], ['ox', null],
];

for (const [input, expected] of ox) {
  test(`parseOX(${JSON.stringify(input)}) -> ${expected}`, () => assert.equal(parseOX(input), expected));
}

const choices = [['코사인만', '사인', '항등'], ['Cosine only', 'Sine', 'Identity']];
const mc = [
  ['2', 2], ['２', 2], ['②', 2], ['❷', 2], ['2번', 2], ['2 번', 2], ['(2)', 2], ['2)', 2], ['2.', 2],
  ['선택지 2', 2], ['정답: 2', 2], ['b', 2], ['B', 2], ['(b)', 2], ['사인', 2], ['Sine', 2], ['sine', 2],
  ['  사 인 ', 2], ['② 사인', 2], ['2. 사인', 2], ['코사인', 1], ['항등', 3], ['identity', 3], [3, 3],
  ['4', null], ['0', null], ['d', null], ['탄젠트', null], ['', null], ['인', null], [4, null],
];

for (const [input, expected] of mc) {
  test(`parseChoice(${JSON.stringify(input)}) -> ${expected}`, () => assert.equal(parseChoice(input, choices), expected));
}

test('the parser tables hold at least 40 inputs', () => {
  assert.ok(numbers.length + ox.length + mc.length >= 40);
});

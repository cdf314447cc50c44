// Korean particles after values. A particle's form depends on how the word before it ends when read
// aloud: 위치 60은 (육십), 192를 (백구십이), (28, 29)를 (…이십구), d_model은 (디 모델), 쌍 i가 (아이).
// Templates write a particle straight after a {placeholder} in either form; fillTemplate() writes the
// form that fits the filled-in value, reading through closing brackets and quotes to the last word
// spoken. Both the quiz module (../quiz/localize.js) and the elements (../elements/shared/i18n.js)
// fill their templates with it, so neither imports the other.
//
// How a value is read:
//   numbers    Sino-Korean: 60 육십, 10000 만, 1,000,000 백만, 0 영; decimals digit by digit (0.25
//              영 점 이오); a sign does not change the ending; a fraction of numbers 1/4 is 사분의 일,
//              other slashes 나누기; x^2 and x^(…) end in 승
//   x², x³     제곱, 세제곱; other superscripts (10⁻⁵) end in 승; subscripts (W₁) as numbers
//   letters    Latin letters by their Korean names (i 아이, l 엘, m 엠, n 엔, r 알); words by
//              READINGS (d_model: model 모델, head_dim: dim 딤); a word in capitals not listed there,
//              or of one or two letters, letter by letter (FFN 에프에프엔, w_tu); Greek letters by name
//   brackets   read through (f(x)를, (28, 29)를), except an aside, which the particle skips:
//              중간 차원(d_ff)을, 3(= n − 1)으로, d_model(64)을
//   symbols    ′ 프라임, % 퍼센트, ° 도

/** [after a consonant, after a vowel]; 으로/로 also takes 로 after ㄹ. Longer forms first. */
const PAIRS = [
  ['이에요', '예요'], ['이라는', '라는'], ['이라고', '라고'], ['이라서', '라서'], ['이라', '라'], ['이나', '나'],
  ['으로', '로'], ['은', '는'], ['이', '가'], ['을', '를'], ['과', '와'],
];
const FORMS = new Map(PAIRS.flatMap((pair) => pair.map((form) => [form, pair])));
/** A particle as a regular-expression alternative, longest first; it must not run on into a word. */
export const PARTICLE_PATTERN = `(?:${[...FORMS.keys()].sort((a, b) => b.length - a.length).join('|')})(?![가-힣])`;

const DIGITS = ['영', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];
const SMALL_UNITS = ['', '십', '백', '천'];
const LARGE_UNITS = ['', '만', '억', '조', '경'];
const LETTERS = {
  a: '에이', b: '비', c: '씨', d: '디', e: '이', f: '에프', g: '지', h: '에이치', i: '아이', j: '제이', k: '케이',
  l: '엘', m: '엠', n: '엔', o: '오', p: '피', q: '큐', r: '알', s: '에스', t: '티', u: '유', v: '브이', w: '더블유',
  x: '엑스', y: '와이', z: '제트',
};
const GREEK = {
  α: '알파', β: '베타', γ: '감마', δ: '델타', Δ: '델타', ε: '엡실론', θ: '세타', λ: '람다', μ: '뮤', π: '파이',
  σ: '시그마', Σ: '시그마', φ: '파이', ω: '오메가',
};
/** Words read as words, not spelled: the last word of a value or of a term before a particle. */
export const READINGS = {
  model: '모델', dim: '딤', head: '헤드', base: '베이스', theta: '세타', large: '라지', medium: '미디엄',
  embeddings: '임베딩스', embedding: '임베딩', positions: '포지션스', position: '포지션', size: '사이즈',
  hidden: '히든', half: '하프', interleaved: '인터리브드', concat: '콘캣', scaling: '스케일링', seed: '시드',
  bert: '버트', llama: '라마', rope: '로프', relu: '렐루', gelu: '겔루', swiglu: '스위글루', softmax: '소프트맥스',
  sin: '사인', cos: '코사인', tan: '탄젠트', max: '맥스', min: '민', rad: '라디안', norm: '노름', layernorm: '레이어 노름',
  linear: '리니어', face: '페이스', tensorflow: '텐서플로', pytorch: '파이토치', numpy: '넘파이', python: '파이썬',
  json: '제이슨', mathml: '매스엠엘', webassembly: '웹어셈블리', wasm: '와즘',
  gift: '기프트', moodle: '무들', scorm: '스콤', roformer: '로포머', neox: '네오엑스', indexerror: '인덱스 에러',
  add: '애드', attn: '어텐션', diffusion: '디퓨전', diffusers: '디퓨저스', stable: '스테이블', config: '컨피그',
  float: '플로트', npy: '엔파이', npz: '엔피지', forward: '포워드', pos: '포스', encoding: '인코딩', dropout: '드롭아웃',
  sine: '사인', cosine: '코사인', flops: '플롭스', sigmoid: '시그모이드', silu: '실루', tokenizer: '토크나이저', paramcount: '파람카운트', range: '레인지', offset: '오프셋', shape: '셰이프', token: '토큰', tokens: '토큰스',
  zip: '집', alibi: '알리바이', intermediate: '인터미디에이트', viridis: '비리디스', chromium: '크로미엄', vite: '비트', npm: '엔피엠',
};

const hangulFinal = (ch) => {
  const code = ch.codePointAt(0) - 0xac00;
  if (code < 0 || code > 11171) return null;
  const final = code % 28;
  return final === 0 ? 'vowel' : final === 8 ? 'rieul' : 'consonant';
};
const finalOf = (reading) => hangulFinal(reading[reading.length - 1]);

/** The Sino-Korean reading's last syllable of a whole number written in digits. */
function integerEnd(digits) {
  const d = digits.replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(d)) return DIGITS[0];
  const zeros = d.length - d.replace(/0+$/, '').length;
  if (zeros === 0) return DIGITS[Number(d[d.length - 1])];
  // A whole group of four zeros is not spoken: 1,000,000 is 백만, 120,000 십이만.
  if (zeros >= 4) return LARGE_UNITS[Math.min(Math.floor(zeros / 4), LARGE_UNITS.length - 1)];
  return SMALL_UNITS[zeros];
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿ';
const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
const READ_BACK = 200;
const SILENT = /[\s\]}>」』”’"'`*…]/;

/**
 * The text that is read last: trailing quotes and brackets are read through, except a parenthesis
 * that is an aside (Korean inside it, or straight after a Korean word, a number or a name like
 * d_model): a particle after it agrees with what stands before it, 중간 차원(d_ff)을, 3(= n − 1)으로,
 * while f(x)를 and (28, 29)를 read what is inside. An exponent ^(…) is read …승.
 */
function spokenPart(text) {
  // Only the end decides, so a long (or hostile) value costs no more than a short one.
  let s = String(text).slice(-READ_BACK);
  for (;;) {
    let i = s.length;
    while (i > 0 && SILENT.test(s[i - 1])) i--;
    s = s.slice(0, i);
    if (s[i - 1] !== ')') return s;
    let depth = 0;
    let open = i - 1;
    for (; open >= 0; open--) {
      if (s[open] === ')') depth++;
      else if (s[open] === '(' && --depth === 0) break;
    }
    const before = open > 0 ? s.slice(0, open) : '';
    if (before.endsWith('^')) return `${before}ⁿ`;
    const aside = /[가-힣]/.test(s.slice(open + 1, i - 1)) || /(?:[가-힣\d]|_[A-Za-z]+)$/.test(before);
    s = aside && before.trim() ? before : s.slice(0, i - 1);
  }
}

/**
 * How the text ends when read aloud: { end, how }. `end` is the last syllable spoken (a Hangul
 * syllable) or '' when the ending cannot be read; `how` says what was read ('hangul', 'number',
 * 'decimal', 'fraction', 'power', 'word', 'letter', 'capitals', 'greek', 'symbol', 'unknown').
 */
export function spokenEnd(text) {
  const s = spokenPart(text);
  const i = s.length;
  if (i === 0) return { end: '', how: 'unknown' };
  const last = s[i - 1];
  if (hangulFinal(last)) return { end: last, how: 'hangul' };
  if (SUPERSCRIPT.includes(last)) return { end: last === '²' || last === '³' ? '곱' : '승', how: 'power' };
  const circled = last.codePointAt(0) - 0x245f;   // ① … ⑳ are read as numbers: ①과 (일과)
  if (circled >= 1 && circled <= 20) return { end: integerEnd(String(circled)), how: 'number' };
  if (SUBSCRIPT.includes(last)) {
    let j = i;
    while (j > 0 && SUBSCRIPT.includes(s[j - 1])) j--;
    return { end: integerEnd([...s.slice(j, i)].map((c) => SUBSCRIPT.indexOf(c)).join('')), how: 'number' };
  }
  const operand = /(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[A-Za-z]+)$/.exec(s);
  if (operand) {
    const before = s.slice(0, operand.index);
    // x^2 is read x의 2승; a fraction of numbers 1/4 is read 사분의 일, the numerator last (other
    // slashes are read 나누기: head_dim/2 ends in 이).
    if (before.endsWith('^')) return { end: '승', how: 'power' };
    const fraction = /(?:^|[^\w.,])(\d[\d,]*(?:\.\d+)?)\s*\/\s*$/.exec(before);
    if (fraction && /\d/.test(last)) return { ...numberEnd(fraction[1]), how: 'fraction' };
    return /\d/.test(last) ? numberEnd(operand[0]) : wordEnd(operand[0]);
  }
  if (GREEK[last]) return { end: GREEK[last][GREEK[last].length - 1], how: 'greek' };
  if (last === '′' || last === '″') return { end: '임', how: 'symbol' };
  if (last === '%') return { end: '트', how: 'symbol' };
  if (last === '°') return { end: '도', how: 'symbol' };
  return { end: '', how: 'unknown' };
}

/** A Latin word: listed in READINGS, or a letter, or capitals spelled out; any other word is a guess. */
function wordEnd(word) {
  const reading = READINGS[word.toLowerCase()];
  if (reading) return { end: reading[reading.length - 1], how: 'word' };
  const letter = LETTERS[word[word.length - 1].toLowerCase()];
  // Capitals are an abbreviation spelled out (FFN, LMS), and so are one or two letters (w_tu, ff).
  const how = word.length <= 2 ? 'letter' : word === word.toUpperCase() ? 'capitals' : 'unknown';
  return { end: letter[letter.length - 1], how };
}

/** A number in digits: whole (Sino-Korean, 60 육십) or a decimal (read digit by digit after 점). */
function numberEnd(token) {
  const [whole, decimals] = token.replace(/,/g, '').split('.');
  if (decimals !== undefined) return { end: DIGITS[Number(decimals[decimals.length - 1])], how: 'decimal' };
  return { end: integerEnd(whole), how: 'number' };
}

/**
 * The form of `particle` (either form of a pair: 은 or 는, 을 or 를 …) that follows `text`; the
 * particle as given when `text`'s ending cannot be read or the particle is not one of the pairs.
 */
export function particleAfter(text, particle) {
  const pair = FORMS.get(particle);
  if (!pair) return particle;
  const final = finalOf(spokenEnd(text).end || ' ');
  if (!final) return particle;
  if (final === 'vowel' || (final === 'rieul' && pair[0] === '으로')) return pair[1];
  return pair[0];
}

const PLACEHOLDER = new RegExp(`\\{(\\w+)\\}(?:([)\\]”’"']*)(${PARTICLE_PATTERN}))?`, 'g');

/**
 * Fills {name} placeholders from `vars` (unknown names stay as they are). A particle right after a
 * placeholder, past closing brackets and quotes, takes the form that follows the filled-in text:
 * fillTemplate('위치 {p}는', { p: 60 }) → '위치 60은'.
 */
export function fillTemplate(template, vars = {}) {
  const t = String(template);
  let out = '';
  let from = 0;
  for (const m of t.matchAll(PLACEHOLDER)) {
    const [whole, key, closing = '', particle] = m;
    out += t.slice(from, m.index);
    from = m.index + whole.length;
    if (!(key in vars)) { out += whole; continue; }
    out += String(vars[key]) + closing;
    if (particle) out += particleAfter(out, particle);
  }
  return out + t.slice(from);
}

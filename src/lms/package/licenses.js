// LICENSES.txt of a quiz package: this package's licence, that of the fonts it carries and, when it
// carries the SCORM schema files, where those come from.
const SCHEMAS_NOTE = `
----------------------------------------------------------------------------------------------------
*.xsd, *.dtd: the SCORM content packaging schemas as published by ADL (Advanced Distributed Learning)
and IMS Global Learning Consortium for every SCORM package to carry, unchanged; each keeps its own
copyright notice.
`;

export function licenseText(fontIndex, { schemas = false } = {}) {
  return `This quiz package was made with pe-ffn-wasm (MIT License).

MIT License

Copyright (c) the pe-ffn-wasm authors

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense,
and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so,
subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial
portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT
LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

----------------------------------------------------------------------------------------------------
fonts/: ${fontIndex.family} (weight ${fontIndex.weight}), in pieces as published by @fontsource

${fontIndex.license}
${schemas ? SCHEMAS_NOTE : ''}`;
}

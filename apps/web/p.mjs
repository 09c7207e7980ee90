import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
const section = (n) =>
  [`## Lesson ${n}`, '', `Risk **${n}%** of *peak* equity; read [the rules](/rules/${n}) and \`stop-loss\` notes.`, '',
   '- Plan the entry\n  - Size the position\n- Review the exit', '', '> Cut losses early.', '', '```\nentry = close * 1.01\n```', ''].join('\n');
let big = ''; let c = 0; while (big.length < 80 * 1024) { c += 1; big += section(c); }
const para = ('Risk **5%** of *peak* equity; read [the rules](/rules) and `stop-loss` notes.\n\n').repeat(1000);
for (const [name, src] of [['big', big], ['big', big], ['paras', para], ['lists', '- a\n  - b\n- c\n\n'.repeat(3000)], ['quotes', '> a\n\n'.repeat(10000)], ['headings', '## a\n\n'.repeat(10000)], ['code', '```\nx\n```\n\n'.repeat(5000)]]) {
  for (const gfm of [false, true]) {
    let t = performance.now();
    const p = gfm ? unified().use(remarkParse).use(remarkGfm) : unified().use(remarkParse);
    p.runSync(p.parse(src));
    console.log(name, src.length, gfm ? 'gfm' : 'plain', Math.round(performance.now() - t));
  }
}

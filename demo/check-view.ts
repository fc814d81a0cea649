/**
 * A check run as the stand-in recorded it, laid out as GitHub's Checks tab shows one: the name and
 * conclusion, the output's title and summary, then each annotation with its level, place, title and message
 * over the annotated lines. Everything shown comes from the recorded check run and the pull request's files.
 */
import type { StoredCheckRun } from '../testing/github/page-routes.js'

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The little Markdown a check summary uses: paragraphs, bold, code spans, links. */
function markdown(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(paragraph =>
      escape(paragraph)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '<a href="$2">$1</a>')
    )
    .map(paragraph => `<p>${paragraph}</p>`)
    .join('\n')
}

const LEVEL: Record<string, { label: string; color: string; icon: string }> = {
  failure: { label: 'Check failure', color: '#d1242f', icon: '✖' },
  warning: { label: 'Check warning', color: '#9a6700', icon: '⚠' },
  notice: { label: 'Check notice', color: '#0969da', icon: 'ℹ' }
}

const CONCLUSION: Record<string, { text: string; color: string; icon: string }> = {
  failure: { text: 'failed', color: '#d1242f', icon: '✖' },
  success: { text: 'succeeded', color: '#1a7f37', icon: '✔' },
  neutral: { text: 'completed neutral', color: '#59636e', icon: '■' }
}

function annotationView(
  annotation: StoredCheckRun['annotations'][number],
  files: Readonly<Record<string, string>>
): string {
  const level = LEVEL[annotation.annotation_level] ?? (LEVEL.notice as (typeof LEVEL)['notice'])
  const lines = (files[annotation.path] ?? '').split('\n')
  const from = Math.max(1, annotation.start_line - 1)
  const to = Math.min(lines.length, annotation.end_line + 1)
  const code = lines
    .slice(from - 1, to)
    .map((text, i) => {
      const n = from + i
      const marked = n >= annotation.start_line && n <= annotation.end_line
      return `<tr class="${marked ? 'marked' : ''}"><td class="num">${n}</td><td><code>${escape(text)}</code></td></tr>`
    })
    .join('')
  const where = `${annotation.path}#L${annotation.start_line}${annotation.end_line !== annotation.start_line ? `-L${annotation.end_line}` : ''}`
  return `<div class="annotation">
  <div class="head"><span style="color:${level.color}">${level.icon}</span> <b>${level.label}:</b>
    <a>${escape(where)}</a></div>
  <div class="title">${escape(annotation.title ?? '')}</div>
  <div class="message">${escape(annotation.message)}</div>
  <table class="code">${code}</table>
</div>`
}

export function renderCheckView(
  run: StoredCheckRun,
  context: { repository: string; files: Readonly<Record<string, string>> }
): string {
  const conclusion = CONCLUSION[run.conclusion ?? ''] ?? { text: run.status, color: '#59636e', icon: '●' }
  const annotations = run.annotations.map(annotation => annotationView(annotation, context.files)).join('\n')
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
body { font: 14px -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; margin: 0; background: #fff; }
.bar { padding: 16px 24px; border-bottom: 1px solid #d1d9e0; }
.bar .repo { color: #59636e; font-size: 13px; }
.bar h1 { font-size: 20px; margin: 6px 0 0; font-weight: 600; }
.main { padding: 16px 24px; }
.status { font-size: 16px; font-weight: 600; margin-bottom: 4px; }
.sha { color: #59636e; font-size: 12px; }
.box { border: 1px solid #d1d9e0; border-radius: 6px; margin-top: 16px; }
.box > h2 { font-size: 14px; margin: 0; padding: 8px 16px; background: #f6f8fa; border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0; }
.summary { padding: 4px 16px; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: #eff2f5; padding: 1px 4px; border-radius: 4px; }
.annotation { padding: 12px 16px; border-bottom: 1px solid #d1d9e0; }
.annotation:last-child { border-bottom: 0; }
.annotation .head a { color: #0969da; }
.annotation .title { font-weight: 600; margin-top: 6px; }
.annotation .message { margin: 4px 0 8px; }
table.code { border-collapse: collapse; width: 100%; border: 1px solid #d1d9e0; border-radius: 6px; }
table.code td { padding: 1px 8px; }
table.code code { background: none; padding: 0; white-space: pre; }
table.code .num { color: #59636e; text-align: right; width: 32px; font: 12px ui-monospace, monospace; }
table.code tr.marked { background: #fff8c5; }
</style></head><body>
<div class="bar"><div class="repo">${escape(context.repository)} · Checks</div><h1>${escape(run.name)}</h1></div>
<div class="main">
  <div class="status" style="color:${conclusion.color}">${conclusion.icon} ${escape(run.name)} ${conclusion.text}</div>
  <div class="sha">on ${escape(run.head_sha.slice(0, 7))}</div>
  <div class="box"><h2>${escape(run.output.title ?? '')}</h2><div class="summary">${markdown(run.output.summary ?? '')}</div></div>
  <div class="box"><h2>Annotations</h2>
${annotations}
  </div>
</div>
</body></html>
`
}

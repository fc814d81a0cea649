/**
 * Bar charts as inline SVG. The charting libraries that render SVG need a browser's DOM (or a canvas) to
 * draw; a report written by the action has neither, and a stacked bar is a few rectangles.
 */

export interface BarSegment {
  value: number
  colour: string
  label: string
}

export interface Bar {
  label: string
  segments: BarSegment[]
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`)
}

const ROW = 26
const LABEL_WIDTH = 170
const CHART_WIDTH = 420
const VALUE_WIDTH = 60

/** Horizontal stacked bars, one per row, scaled to the largest total; each bar is a `<g class="bar">`. */
export function stackedBars(title: string, bars: readonly Bar[]): string {
  const max = Math.max(1, ...bars.map(bar => bar.segments.reduce((sum, s) => sum + s.value, 0)))
  const height = bars.length * ROW + 8
  const width = LABEL_WIDTH + CHART_WIDTH + VALUE_WIDTH
  const rows = bars.map((bar, i) => {
    const y = i * ROW + 4
    let x = LABEL_WIDTH
    const total = bar.segments.reduce((sum, s) => sum + s.value, 0)
    const rects = bar.segments
      .filter(segment => segment.value > 0)
      .map(segment => {
        const w = (segment.value / max) * CHART_WIDTH
        const rect = `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${ROW - 8}" fill="${segment.colour}"><title>${escapeXml(`${segment.label}: ${segment.value}`)}</title></rect>`
        x += w
        return rect
      })
    const label = bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label
    return (
      `<g class="bar"><text x="${LABEL_WIDTH - 8}" y="${y + ROW / 2}" text-anchor="end">${escapeXml(label)}</text>` +
      `${rects.join('')}<text x="${(x + 6).toFixed(1)}" y="${y + ROW / 2}">${total}</text></g>`
    )
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `${rows.join('')}</svg>`
  )
}

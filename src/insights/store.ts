/**
 * The outcome history as a SQLite file the team can query with `sqlite3`: pull requests, runs, findings,
 * their fates and the feedback behind them. Writes are idempotent: a pull request collected again replaces
 * its own rows with the same rows.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Database, SqlValue } from 'sql.js'
import type { PullSummary } from '../github/history.js'
import type { RunRecord } from '../state/marker.js'
import type { FeedbackEvent, FindingFate } from './fates.js'
import type { HumanReviewComment } from './review-comments.js'
import { loadSqlite } from './sqlite.js'

/**
 * Each entry moves the schema one version up; a database of any older version is brought to the newest.
 * Only ever append: a released entry is never changed.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE pull_requests (
     repo TEXT NOT NULL, number INTEGER NOT NULL, title TEXT NOT NULL, author TEXT NOT NULL,
     url TEXT NOT NULL, state TEXT NOT NULL CHECK (state IN ('open', 'merged', 'closed')),
     created_at TEXT NOT NULL, updated_at TEXT NOT NULL, merged_at TEXT, closed_at TEXT,
     head_sha TEXT NOT NULL, reviewed INTEGER NOT NULL, PRIMARY KEY (repo, number));
   CREATE TABLE runs (
     repo TEXT NOT NULL, pr_number INTEGER NOT NULL, started_at TEXT NOT NULL, seconds INTEGER NOT NULL,
     input_tokens INTEGER NOT NULL, output_tokens INTEGER NOT NULL, cost_usd REAL NOT NULL,
     turns INTEGER NOT NULL, files_reviewed INTEGER NOT NULL, files_reviewable INTEGER NOT NULL,
     end TEXT NOT NULL, PRIMARY KEY (repo, pr_number, started_at));
   CREATE TABLE findings (
     repo TEXT NOT NULL, pr_number INTEGER NOT NULL, finding_id TEXT NOT NULL, severity TEXT NOT NULL,
     category TEXT NOT NULL, path TEXT NOT NULL, start_line INTEGER, end_line INTEGER, title TEXT NOT NULL,
     inline INTEGER NOT NULL, comment_id INTEGER, comment_url TEXT, first_sha TEXT NOT NULL,
     last_sha TEXT NOT NULL, fingerprint TEXT NOT NULL, PRIMARY KEY (repo, pr_number, finding_id));
   CREATE TABLE fates (
     repo TEXT NOT NULL, pr_number INTEGER NOT NULL, finding_id TEXT NOT NULL,
     fate TEXT NOT NULL CHECK (fate IN ('fixed', 'applied', 'dismissed', 'merged-open', 'closed-open', 'open')),
     dismissed_by TEXT, dismissal_source TEXT, dismissal_reason TEXT,
     thumbs_up INTEGER NOT NULL, thumbs_down INTEGER NOT NULL, PRIMARY KEY (repo, pr_number, finding_id));
   CREATE TABLE feedback_events (
     repo TEXT NOT NULL, pr_number INTEGER NOT NULL, finding_id TEXT, kind TEXT NOT NULL,
     source_id TEXT NOT NULL, actor TEXT, content TEXT NOT NULL, author_association TEXT, created_at TEXT,
     url TEXT, PRIMARY KEY (repo, pr_number, kind, source_id));
   CREATE INDEX fates_by_fate ON fates (fate);
   CREATE INDEX pull_requests_by_update ON pull_requests (repo, updated_at);`,
  // The threads people opened on merged pull requests. Pull requests collected before this table existed are
  // read again: forgetting the high-water marks makes the next collection walk its whole window once.
  `CREATE TABLE review_comments (
     repo TEXT NOT NULL, pr_number INTEGER NOT NULL, comment_id INTEGER NOT NULL, url TEXT NOT NULL,
     path TEXT NOT NULL, line INTEGER, author TEXT NOT NULL, author_association TEXT NOT NULL,
     body TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (repo, pr_number, comment_id));
   DELETE FROM meta WHERE key LIKE 'pulls_updated_through:%';`
]

export const SCHEMA_VERSION = MIGRATIONS.length

/** One pull request's rows, as collected. */
export interface PullRows {
  repo: string
  pull: PullSummary
  /** A state by Redline was found in the pull request. */
  reviewed: boolean
  runs: readonly RunRecord[]
  findings: readonly FindingFate[]
  events: readonly FeedbackEvent[]
  /** The threads people opened, on a merged pull request. */
  reviewComments: readonly HumanReviewComment[]
}

export class InsightsStore {
  private constructor(
    readonly db: Database,
    private readonly file: string | undefined
  ) {}

  /** Opens the file (or a new database when it does not exist yet) and brings its schema up to date. */
  static async open(file?: string): Promise<InsightsStore> {
    const SQL = await loadSqlite()
    const db = file && existsSync(file) ? new SQL.Database(readFileSync(file)) : new SQL.Database()
    const store = new InsightsStore(db, file)
    store.migrate()
    return store
  }

  private migrate(): void {
    const hasMeta = this.all("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
    const version = hasMeta.length > 0 ? Number(this.meta('schema_version') ?? 0) : 0
    if (version > SCHEMA_VERSION)
      throw new Error(
        `the database has schema version ${version}, newer than this Redline (${SCHEMA_VERSION})`
      )
    for (let next = version; next < SCHEMA_VERSION; next++) {
      this.db.exec('BEGIN')
      this.db.exec(MIGRATIONS[next] as string)
      this.setMeta('schema_version', String(next + 1))
      this.db.exec('COMMIT')
    }
  }

  all(sql: string, params: SqlValue[] = []): Array<Record<string, SqlValue>> {
    const statement = this.db.prepare(sql)
    try {
      statement.bind(params)
      const rows: Array<Record<string, SqlValue>> = []
      while (statement.step()) rows.push(statement.getAsObject())
      return rows
    } finally {
      statement.free()
    }
  }

  meta(key: string): string | undefined {
    const row = this.all('SELECT value FROM meta WHERE key = ?', [key])[0]
    return row ? String(row['value']) : undefined
  }

  setMeta(key: string, value: string): void {
    this.db.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, value]
    )
  }

  /** Replaces one pull request's rows; runs are only added, as older ones leave the marker over time. */
  savePull(rows: PullRows): void {
    const { repo, pull } = rows
    const key: SqlValue[] = [repo, pull.number]
    this.db.exec('BEGIN')
    try {
      this.db.run(`INSERT OR REPLACE INTO pull_requests VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        ...key,
        pull.title,
        pull.author,
        pull.url,
        pull.state,
        pull.createdAt,
        pull.updatedAt,
        pull.mergedAt,
        pull.closedAt,
        pull.headSha,
        rows.reviewed ? 1 : 0
      ])
      for (const table of ['findings', 'fates', 'feedback_events', 'review_comments'])
        this.db.run(`DELETE FROM ${table} WHERE repo = ? AND pr_number = ?`, key)
      for (const run of rows.runs) {
        this.db.run(`INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
          ...key,
          run.at,
          run.seconds,
          run.inputTokens,
          run.outputTokens,
          run.costUsd,
          run.turns,
          run.reviewed,
          run.reviewable,
          run.end
        ])
      }
      for (const f of rows.findings) this.saveFinding(repo, pull.number, f)
      for (const e of rows.events) this.saveEvent(key, e)
      for (const c of rows.reviewComments) this.saveReviewComment(key, c)
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }

  private saveEvent(key: SqlValue[], e: FeedbackEvent): void {
    this.db.run(`INSERT OR REPLACE INTO feedback_events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      ...key,
      e.findingId,
      e.kind,
      e.sourceId,
      e.actor,
      e.content,
      e.authorAssociation,
      e.createdAt,
      e.url
    ])
  }

  private saveReviewComment(key: SqlValue[], c: HumanReviewComment): void {
    this.db.run(`INSERT OR REPLACE INTO review_comments VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      ...key,
      c.commentId,
      c.url,
      c.path,
      c.line,
      c.author,
      c.authorAssociation,
      c.body,
      c.createdAt
    ])
  }

  private saveFinding(repo: string, number: number, f: FindingFate): void {
    this.db.run(`INSERT INTO findings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      repo,
      number,
      f.findingId,
      f.severity,
      f.category,
      f.path,
      f.startLine,
      f.endLine,
      f.title,
      f.inline ? 1 : 0,
      f.commentId,
      f.commentUrl,
      f.firstSha,
      f.lastSha,
      f.fingerprint
    ])
    this.db.run(`INSERT INTO fates VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      repo,
      number,
      f.findingId,
      f.fate,
      f.dismissedBy,
      f.dismissalSource,
      f.dismissalReason,
      f.thumbsUp,
      f.thumbsDown
    ])
  }

  /** Written to a temporary file first and moved into place, so a failed write never leaves half a file. */
  save(): void {
    if (!this.file) return
    mkdirSync(dirname(this.file), { recursive: true })
    const temporary = `${this.file}.tmp-${process.pid}`
    writeFileSync(temporary, this.db.export())
    renameSync(temporary, this.file)
  }

  close(): void {
    this.db.close()
  }
}

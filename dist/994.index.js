export const id = 994;
export const ids = [994];
export const modules = {

/***/ 17994:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(96421);
// EXTERNAL MODULE: ./src/action/logger.ts
var action_logger = __webpack_require__(18980);
// EXTERNAL MODULE: ./src/action/event.ts
var action_event = __webpack_require__(33566);
// EXTERNAL MODULE: ./src/action/event-file.ts
var event_file = __webpack_require__(58537);
// EXTERNAL MODULE: ./src/engine/index.ts + 16 modules
var engine = __webpack_require__(48392);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/github/client.ts
var client = __webpack_require__(96584);
// EXTERNAL MODULE: ./src/action/workflow-run.ts
var workflow_run = __webpack_require__(48545);
// EXTERNAL MODULE: ./src/action/repository-config.ts
var repository_config = __webpack_require__(85735);
// EXTERNAL MODULE: ./src/action/inputs.ts
var action_inputs = __webpack_require__(81729);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/github/identity.ts
var identity = __webpack_require__(77369);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/github/request.ts
var request = __webpack_require__(87398);
;// CONCATENATED MODULE: ./src/github/history.ts

/** GitHub's list holds at most 100 a page; a window of a few thousand pull requests is read whole. */
const PULLS_PER_PAGE = 100;
const MAX_PULL_PAGES = 100;
/**
 * The pull requests of every state updated after `after`, newest update first. GitHub's list sorts by
 * `updated_at`, so the walk stops at the first one at or before `after`: a collection that finds nothing new
 * costs one request.
 */
async function listPullsUpdatedAfter(octokit, repo, after) {
    const pulls = [];
    for (let page = 1; page <= MAX_PULL_PAGES; page++) {
        const { data } = await octokit.rest.pulls.list({
            owner: repo.owner,
            repo: repo.repo,
            state: 'all',
            sort: 'updated',
            direction: 'desc',
            per_page: PULLS_PER_PAGE,
            page
        });
        for (const pull of data) {
            if (pull.updated_at <= after)
                return pulls;
            pulls.push({
                number: pull.number,
                title: pull.title,
                author: pull.user?.login ?? '',
                url: pull.html_url,
                state: pull.merged_at ? 'merged' : pull.state === 'open' ? 'open' : 'closed',
                createdAt: pull.created_at,
                updatedAt: pull.updated_at,
                mergedAt: pull.merged_at,
                closedAt: pull.closed_at,
                headSha: pull.head.sha
            });
        }
        if (data.length < PULLS_PER_PAGE)
            break;
    }
    return pulls;
}
/**
 * GitHub counts the nodes a query may return (at most 500,000): twenty pull requests of 50 threads of 20
 * comments with 10 reactions each stay under half of that. Fewer, larger queries matter: Octokit's
 * throttling spaces GraphQL requests a second apart.
 */
const PULLS_PER_QUERY = 20;
const REVIEWS_PER_PULL = 50;
const THREADS_PER_PULL = 50;
const PULL_FIELDS = `
  number
  reviews(first: ${REVIEWS_PER_PULL}, after: $reviewsAfter) {
    pageInfo { hasNextPage endCursor }
    nodes { fullDatabaseId url body state submittedAt author { __typename login } }
  }
  reviewThreads(first: ${THREADS_PER_PULL}, after: $threadsAfter) {
    pageInfo { hasNextPage endCursor }
    nodes {
      isResolved
      resolvedBy { login }
      comments(first: 20) {
        nodes {
          fullDatabaseId url body createdAt authorAssociation
          author { __typename login }
          reactions(first: 10) { nodes { content createdAt user { login } } }
        }
      }
    }
  }`;
function account(author) {
    return author ? { login: author.login, type: author.__typename } : null;
}
function present(nodes) {
    return (nodes ?? []).filter((node) => node !== null);
}
function threadOf(raw) {
    return {
        isResolved: raw.isResolved,
        resolvedBy: raw.resolvedBy?.login ?? null,
        comments: present(raw.comments.nodes).flatMap(comment => comment.fullDatabaseId === null
            ? []
            : [
                {
                    id: Number(comment.fullDatabaseId),
                    url: comment.url,
                    body: comment.body,
                    author: account(comment.author),
                    authorAssociation: comment.authorAssociation,
                    createdAt: comment.createdAt,
                    reactions: present(comment.reactions.nodes).map(reaction => ({
                        content: reaction.content,
                        user: reaction.user?.login ?? null,
                        createdAt: reaction.createdAt
                    }))
                }
            ])
    };
}
function addPage(history, raw) {
    for (const review of present(raw.reviews.nodes)) {
        if (review.fullDatabaseId === null)
            continue;
        history.reviews.push({
            id: Number(review.fullDatabaseId),
            url: review.url,
            body: review.body,
            state: review.state,
            submittedAt: review.submittedAt,
            author: account(review.author)
        });
    }
    history.threads.push(...present(raw.reviewThreads.nodes).map(threadOf));
}
/** Bounds the walk through one pull request with thousands of reviews or threads. */
const MAX_PAGES_PER_PULL = 20;
/**
 * The reviews and review threads (with who resolved them, their comments and reactions) of `numbers`,
 * twenty pull requests a query; a pull request with more than one page of either is read on by itself.
 */
async function readPullHistories(octokit, graphqlUrl, repo, numbers) {
    const histories = [];
    for (let at = 0; at < numbers.length; at += PULLS_PER_QUERY) {
        const batch = numbers.slice(at, at + PULLS_PER_QUERY);
        const fields = batch.map(n => `p${n}: pullRequest(number: ${n}) { ${PULL_FIELDS} }`).join('\n');
        const query = `query ($owner: String!, $name: String!, $reviewsAfter: String, $threadsAfter: String) {
      repository(owner: $owner, name: $name) { ${fields} } }`;
        const data = await (0,request/* graphql */.UG)(octokit, graphqlUrl, query, { owner: repo.owner, name: repo.repo, reviewsAfter: null, threadsAfter: null });
        for (const n of batch) {
            const raw = data.repository?.[`p${n}`];
            if (!raw)
                continue;
            const history = { number: n, reviews: [], threads: [] };
            addPage(history, raw);
            await readRest(octokit, graphqlUrl, repo, history, raw);
            histories.push(history);
        }
    }
    return histories;
}
/** The later pages of one pull request's reviews and threads. */
async function readRest(octokit, graphqlUrl, repo, history, first) {
    let reviews = first.reviews.pageInfo;
    let threads = first.reviewThreads.pageInfo;
    for (let page = 1; page < MAX_PAGES_PER_PULL && (reviews.hasNextPage || threads.hasNextPage); page++) {
        const query = `query ($owner: String!, $name: String!, $reviewsAfter: String, $threadsAfter: String) {
      repository(owner: $owner, name: $name) { p: pullRequest(number: ${history.number}) { ${PULL_FIELDS} } } }`;
        const data = await (0,request/* graphql */.UG)(octokit, graphqlUrl, query, {
            owner: repo.owner,
            name: repo.repo,
            reviewsAfter: reviews.hasNextPage ? reviews.endCursor : null,
            threadsAfter: threads.hasNextPage ? threads.endCursor : null
        });
        const raw = data.repository?.p;
        if (!raw)
            return;
        // A connection already read to its end comes back from its start: its nodes are skipped.
        if (!reviews.hasNextPage)
            raw.reviews.nodes = [];
        if (!threads.hasNextPage)
            raw.reviewThreads.nodes = [];
        addPage(history, raw);
        reviews = reviews.hasNextPage ? raw.reviews.pageInfo : reviews;
        threads = threads.hasNextPage ? raw.reviewThreads.pageInfo : threads;
    }
}
/** A file's text at a commit; undefined when the commit, the file or its text is not there. */
async function readFilesAt(octokit, graphqlUrl, repo, wanted) {
    const texts = [];
    const perQuery = 20;
    for (let at = 0; at < wanted.length; at += perQuery) {
        const batch = wanted.slice(at, at + perQuery);
        const variables = { owner: repo.owner, name: repo.repo };
        const declared = batch.map((_, i) => `$e${i}: String!`).join(', ');
        const fields = batch
            .map((_, i) => `f${i}: object(expression: $e${i}) { ... on Blob { text } }`)
            .join('\n');
        batch.forEach((file, i) => (variables[`e${i}`] = `${file.sha}:${file.path}`));
        const data = await (0,request/* graphql */.UG)(octokit, graphqlUrl, `query ($owner: String!, $name: String!, ${declared}) { repository(owner: $owner, name: $name) { ${fields} } }`, variables);
        batch.forEach((_, i) => texts.push(data.repository?.[`f${i}`]?.text ?? undefined));
    }
    return texts;
}

// EXTERNAL MODULE: ./src/text/measure.ts
var measure = __webpack_require__(95767);
// EXTERNAL MODULE: ./src/publish/marker-comment.ts
var marker_comment = __webpack_require__(2505);
// EXTERNAL MODULE: ./src/state/marker.ts + 1 modules
var marker = __webpack_require__(89824);
// EXTERNAL MODULE: ./src/state/read-state.ts
var read_state = __webpack_require__(60101);
;// CONCATENATED MODULE: ./src/insights/fates.ts




const FATES = ['fixed', 'applied', 'dismissed', 'merged-open', 'closed-open', 'open'];
function reviewLike(review) {
    return {
        id: review.id,
        user: review.author,
        body: review.body,
        state: review.state,
        submitted_at: review.submittedAt
    };
}
/** Every state Redline wrote in this pull request, by its own account, oldest sequence first. */
function ownStates(history, redlineLogin) {
    return history.reviews
        .filter(review => review.state !== 'PENDING' && (0,marker/* hasMarker */.xY)(review.body))
        .filter(review => (0,identity/* isOwnAccount */.H)(review.author, redlineLogin))
        .flatMap(review => {
        const decoded = (0,marker/* decodeMarker */.rH)(review.body);
        return decoded.kind === 'ok' ? [decoded.state] : [];
    })
        .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}
/**
 * Whether a login GraphQL gives without an account type (a thread's resolver, a reaction's user) is
 * Redline's: GraphQL spells an app `name` where REST spells it `name[bot]`. Used only to leave Redline's own
 * acts out, never to trust anything.
 */
function isRedlineLogin(login, redlineLogin) {
    const strip = (text) => text.toLowerCase().replace(/\[bot\]$/, '');
    return strip(login) === strip(redlineLogin);
}
function isPerson(author, redlineLogin) {
    return author !== null && author.type !== 'Bot' && !(0,identity/* isOwnAccount */.H)(author, redlineLogin);
}
/** Who dismissed a finding its marker holds as dismissed, read from the note Redline wrote and the thread. */
function markedDismissal(finding, thread, redline) {
    const note = finding.note ?? '';
    const resolver = /^dismissed: @(\S+) resolved the thread/.exec(note);
    if (resolver)
        return { by: resolver[1] ?? null, source: 'thread-resolved', reason: note };
    if (/^Dismissed on verification/i.test(note))
        return { by: null, source: 'verification', reason: note };
    const people = (thread?.comments.slice(1) ?? []).filter(c => isPerson(c.author, redline));
    const last = people[people.length - 1];
    if (!last)
        return { by: null, source: 'reviewer', reason: note };
    // A thread question is answered at once, with the answer's reason as the note: "dismissed: …".
    const source = /^dismissed: /.test(note) ? 'question' : 'reply';
    return { by: last.author?.login ?? null, source, reason: note };
}
function decide(finding, thread, pull, redline) {
    if (finding.status === 'resolved')
        return { fate: 'fixed' };
    if (finding.status === 'dismissed')
        return { fate: 'dismissed', dismissal: markedDismissal(finding, thread, redline) };
    // Resolving the thread of an open finding by hand dismisses it; the next review would write it so.
    if (thread?.isResolved && thread.resolvedBy && !isRedlineLogin(thread.resolvedBy, redline)) {
        const reason = `dismissed: @${thread.resolvedBy} resolved the thread`;
        return { fate: 'dismissed', dismissal: { by: thread.resolvedBy, source: 'thread-resolved', reason } };
    }
    if (pull.state === 'merged')
        return { fate: 'merged-open' };
    if (pull.state === 'closed')
        return { fate: 'closed-open' };
    return { fate: 'open' };
}
function reactionsBy(opening, redline) {
    return (opening?.reactions ?? []).filter(reaction => reaction.user !== null && !isRedlineLogin(reaction.user, redline));
}
function eventsOf(finding, thread, decided, redline) {
    const opening = thread?.comments[0];
    const events = reactionsBy(opening, redline).map(reaction => ({
        findingId: finding.id,
        kind: 'reaction',
        sourceId: `${opening?.id}:${reaction.content}:${reaction.user}`,
        actor: reaction.user,
        content: reaction.content,
        authorAssociation: null,
        createdAt: reaction.createdAt,
        url: opening?.url ?? null
    }));
    for (const reply of thread?.comments.slice(1) ?? []) {
        if (!isPerson(reply.author, redline))
            continue;
        events.push({
            findingId: finding.id,
            kind: 'reply',
            sourceId: String(reply.id),
            actor: reply.author?.login ?? null,
            content: reply.body,
            authorAssociation: reply.authorAssociation,
            createdAt: reply.createdAt,
            url: reply.url
        });
    }
    if (thread?.isResolved && thread.resolvedBy && !isRedlineLogin(thread.resolvedBy, redline)) {
        events.push({
            findingId: finding.id,
            kind: 'thread-resolved',
            sourceId: String(opening?.id ?? finding.id),
            actor: thread.resolvedBy,
            content: '',
            authorAssociation: null,
            createdAt: null,
            url: opening?.url ?? null
        });
    }
    if (decided.dismissal) {
        events.push({
            findingId: finding.id,
            kind: 'dismissal',
            sourceId: finding.id,
            actor: decided.dismissal.by,
            content: decided.dismissal.reason,
            authorAssociation: null,
            createdAt: null,
            url: opening?.url ?? null
        });
    }
    return events;
}
/** The suggestion a finding carried while open: from a marker that still held it, else from its comment. */
function suggestionOf(id, states, opening) {
    for (const state of [...states].reverse()) {
        const held = state.findings.find(f => f.id === id && f.status === 'open' && f.suggestion !== undefined);
        if (held?.suggestion !== undefined)
            return held.suggestion;
    }
    return opening ? (0,marker_comment/* readCommentText */.lc)(opening.body).suggestion : undefined;
}
/** The head at which the finding was first seen fixed: the reviewed commit of the first state saying so. */
function fixedAt(id, states) {
    return states.find(state => state.findings.some(f => f.id === id && f.status === 'resolved'))
        ?.lastReviewedSha;
}
function appliedCheck(finding, states, opening) {
    if (finding.status !== 'resolved' || finding.startLine === undefined || finding.side === 'LEFT')
        return;
    const suggestion = suggestionOf(finding.id, states, opening);
    const sha = fixedAt(finding.id, states);
    if (suggestion === undefined || suggestion.trim() === '' || sha === undefined)
        return;
    return { findingId: finding.id, sha, path: finding.file, startLine: finding.startLine, suggestion };
}
/** The fates of one pull request's findings, its runs, and the feedback behind them. */
function pullFates(pull, history, redlineLogin, logger) {
    // The review's own reading: its warnings speak of reviewing again, so they are worded here instead.
    const quiet = { ...logger, info: logger.debug, warning: logger.debug };
    const read = (0,read_state/* readState */.u)(history.reviews.map(reviewLike), redlineLogin, quiet);
    const state = read.state;
    const warnings = read.warnings.filter(warning => !/^No usable Redline state/.test(warning));
    if (!state && warnings.length > 0)
        warnings.push('no usable Redline state, so none of its findings count');
    const result = {
        reviewed: state !== undefined,
        runs: [],
        findings: [],
        events: [],
        appliedChecks: [],
        warnings
    };
    if (!state)
        return result;
    result.runs = state.runs ?? [];
    const states = ownStates(history, redlineLogin);
    const threads = new Map();
    for (const thread of history.threads) {
        const opening = thread.comments[0];
        if (opening && (0,identity/* isOwnAccount */.H)(opening.author, redlineLogin))
            threads.set(opening.id, thread);
    }
    for (const finding of state.findings) {
        const thread = finding.commentId === undefined ? undefined : threads.get(finding.commentId);
        const decided = decide(finding, thread, pull, redlineLogin);
        const reactions = reactionsBy(thread?.comments[0], redlineLogin);
        result.findings.push({
            findingId: finding.id,
            severity: finding.severity,
            category: finding.category || 'uncategorized',
            path: finding.file,
            startLine: finding.startLine ?? null,
            endLine: finding.endLine ?? null,
            title: finding.title,
            inline: finding.commentId !== undefined,
            commentId: finding.commentId ?? null,
            commentUrl: thread?.comments[0]?.url ?? null,
            firstSha: finding.firstSeenSha,
            lastSha: finding.lastConfirmedSha,
            fingerprint: finding.fingerprint,
            fate: decided.fate,
            dismissedBy: decided.dismissal?.by ?? null,
            dismissalSource: decided.dismissal?.source ?? null,
            dismissalReason: decided.dismissal?.reason ?? null,
            thumbsUp: reactions.filter(r => r.content === 'THUMBS_UP').length,
            thumbsDown: reactions.filter(r => r.content === 'THUMBS_DOWN').length
        });
        result.events.push(...eventsOf(finding, thread, decided, redlineLogin));
        const check = appliedCheck(finding, states, thread?.comments[0]);
        if (check)
            result.appliedChecks.push(check);
    }
    return result;
}
/** How far from its old place a committed suggestion is looked for: the lines above it may have changed. */
const APPLIED_WINDOW = 50;
/**
 * Whether `text` (the file at the commit that fixed the finding) holds the suggestion's lines, whole and in
 * order, near the finding's old start line: GitHub's "Commit suggestion" or the author's own commit of the
 * same text.
 */
function suggestionApplied(text, check) {
    const lines = text.split('\n').map(line => line.trimEnd());
    const wanted = check.suggestion
        .replace(/\n$/, '')
        .split('\n')
        .map(line => line.trimEnd());
    const from = Math.max(0, check.startLine - 1 - APPLIED_WINDOW);
    const to = Math.min(lines.length - wanted.length, check.startLine - 1 + APPLIED_WINDOW);
    for (let start = from; start <= to; start++) {
        if (wanted.every((line, i) => lines[start + i] === line))
            return true;
    }
    return false;
}

;// CONCATENATED MODULE: ./src/insights/collect.ts



const HIGH_WATER = 'pulls_updated_through';
function repoName(repo) {
    return `${repo.owner}/${repo.repo}`;
}
/** The later of the window's start and the last collection's mark: nothing at or before it is read. */
function startAfter(store, repo, since) {
    const mark = store.meta(`${HIGH_WATER}:${repoName(repo)}`);
    return mark !== undefined && mark > since ? mark : since;
}
/** Marks the fixed findings whose suggestion was committed as is as `applied`. */
async function markApplied(options, fates) {
    const checks = fates.flatMap(pull => pull.appliedChecks.map(check => ({ check, fates: pull })));
    if (checks.length === 0)
        return;
    const texts = await readFilesAt(options.octokit, options.graphqlUrl, options.repo, checks.map(({ check }) => ({ sha: check.sha, path: check.path })));
    checks.forEach(({ check, fates: pull }, i) => {
        const text = texts[i];
        if (text === undefined || !suggestionApplied(text, check))
            return;
        const finding = pull.findings.find(f => f.findingId === check.findingId);
        if (finding?.fate === 'fixed')
            finding.fate = 'applied';
    });
}
async function collect(options) {
    const { octokit, graphqlUrl, repo, store, logger } = options;
    const after = startAfter(store, repo, options.since);
    const pulls = await listPullsUpdatedAfter(octokit, repo, after);
    logger.info(`${(0,measure/* plural */.LS)(pulls.length, 'pull request')} updated since ${after}.`);
    const stats = { pulls: pulls.length, findings: 0, warnings: [] };
    if (pulls.length === 0)
        return stats;
    const byNumber = new Map(pulls.map(pull => [pull.number, pull]));
    const histories = await readPullHistories(octokit, graphqlUrl, repo, pulls.map(pull => pull.number));
    const collected = histories.flatMap(history => {
        const pull = byNumber.get(history.number);
        if (!pull)
            return [];
        const fates = pullFates(pull, history, options.redlineLogin, logger);
        stats.warnings.push(...fates.warnings.map(warning => `#${pull.number}: ${warning}`));
        return [{ pull, fates }];
    });
    await markApplied(options, collected.map(entry => entry.fates));
    for (const { pull, fates } of collected) {
        store.savePull({
            repo: repoName(repo),
            pull,
            reviewed: fates.reviewed,
            runs: fates.runs,
            findings: fates.findings,
            events: fates.events
        });
        stats.findings += fates.findings.length;
    }
    const newest = pulls.reduce((mark, pull) => (pull.updatedAt > mark ? pull.updatedAt : mark), after);
    store.setMeta(`${HIGH_WATER}:${repoName(repo)}`, newest);
    return stats;
}

;// CONCATENATED MODULE: ./src/insights/markdown.ts
function percent(value) {
    return value === null ? '–' : `${Math.round(value * 100)}%`;
}
function dollars(value) {
    return value === null ? '–' : `$${value < 1 ? value.toFixed(3) : value.toFixed(2)}`;
}
function decimal(value) {
    return value === null ? '–' : value.toFixed(1);
}
function duration(seconds) {
    if (seconds === null)
        return '–';
    return seconds < 90 ? `${Math.round(seconds)} s` : `${(seconds / 60).toFixed(1)} min`;
}
/** Table cells hold text from pull requests: pipes and line breaks would break the table. */
function cell(text) {
    return text
        .replace(/[\r\n]+/g, ' ')
        .replace(/\|/g, '\\|')
        .replace(/[<>]/g, c => (c === '<' ? '&lt;' : '&gt;'));
}
/** The headline figures as label and value, shared by both renderings. */
function headlineRows(report) {
    const h = report.headline;
    return [
        ['Acted upon (fixed or applied)', percent(h.actedUponRate)],
        ['Dismissed', percent(h.dismissalRate)],
        ['Merged with the finding open', percent(h.mergedOpenRate)],
        ['Findings per pull request', decimal(h.findingsPerPr)],
        ['Inline comments per pull request', decimal(h.inlinePerPr)],
        ['Cost per pull request', dollars(h.costPerPr)],
        ['Cost per acted-upon finding', dollars(h.costPerActedUpon)],
        ['Median review time', duration(h.medianReviewSeconds)]
    ];
}
function sliceTable(title, slices) {
    if (slices.length === 0)
        return [];
    return [
        `### ${title}`,
        '',
        '| | findings | settled inline | acted upon | dismissed | merged open |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        ...slices.map(s => `| ${cell(s.key)} | ${s.findings} | ${s.decided} | ${percent(s.actedUponRate)} | ${percent(s.dismissalRate)} | ${s.mergedOpen} |`),
        ''
    ];
}
function renderMarkdown(report) {
    const lines = [
        `## Redline insights: ${cell(report.repo)}`,
        '',
        `${report.pullsReviewed} of ${report.pulls} pull requests updated since ${report.since.slice(0, 10)} were ` +
            `reviewed by Redline in ${report.runs} runs, for ${dollars(report.headline.totalCostUsd)}. ` +
            'Rates are of inline findings on merged or closed pull requests.',
        '',
        '| | |',
        '| --- | ---: |',
        ...headlineRows(report).map(([label, value]) => `| ${label} | ${value} |`),
        '',
        '### Fates',
        '',
        '| fixed | applied | dismissed | merged open | closed open | open |',
        '| ---: | ---: | ---: | ---: | ---: | ---: |',
        `| ${report.fates.fixed} | ${report.fates.applied} | ${report.fates.dismissed} | ${report.fates['merged-open']} | ${report.fates['closed-open']} | ${report.fates.open} |`,
        '',
        ...sliceTable('By severity', report.bySeverity),
        ...sliceTable('By category', report.byCategory),
        ...sliceTable('By folder', report.byFolder),
        ...sliceTable('By week', report.byWeek)
    ];
    if (report.mostDismissed.length > 0) {
        lines.push('### Most often dismissed', '');
        for (const entry of report.mostDismissed) {
            const shown = entry.links.slice(0, 5);
            const more = entry.links.length > shown.length ? ` and ${entry.links.length - shown.length} more` : '';
            const links = `${shown.map((link, i) => `[${i + 1}](${link})`).join(' ')}${more}`;
            lines.push(`- ${entry.count}× **${cell(entry.title)}** (${cell(entry.category)}, \`${cell(entry.path)}\`) ${links}`);
        }
        lines.push('');
    }
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./src/insights/svg.ts
/**
 * Bar charts as inline SVG. The charting libraries that render SVG need a browser's DOM (or a canvas) to
 * draw; a report written by the action has neither, and a stacked bar is a few rectangles.
 */
function escapeXml(text) {
    return text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
}
const ROW = 26;
const LABEL_WIDTH = 170;
const CHART_WIDTH = 420;
const VALUE_WIDTH = 60;
/** Horizontal stacked bars, one per row, scaled to the largest total; each bar is a `<g class="bar">`. */
function stackedBars(title, bars) {
    const max = Math.max(1, ...bars.map(bar => bar.segments.reduce((sum, s) => sum + s.value, 0)));
    const height = bars.length * ROW + 8;
    const width = LABEL_WIDTH + CHART_WIDTH + VALUE_WIDTH;
    const rows = bars.map((bar, i) => {
        const y = i * ROW + 4;
        let x = LABEL_WIDTH;
        const total = bar.segments.reduce((sum, s) => sum + s.value, 0);
        const rects = bar.segments
            .filter(segment => segment.value > 0)
            .map(segment => {
            const w = (segment.value / max) * CHART_WIDTH;
            const rect = `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${ROW - 8}" fill="${segment.colour}"><title>${escapeXml(`${segment.label}: ${segment.value}`)}</title></rect>`;
            x += w;
            return rect;
        });
        const label = bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label;
        return (`<g class="bar"><text x="${LABEL_WIDTH - 8}" y="${y + ROW / 2}" text-anchor="end">${escapeXml(label)}</text>` +
            `${rects.join('')}<text x="${(x + 6).toFixed(1)}" y="${y + ROW / 2}">${total}</text></g>`);
    });
    return (`<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
        `${rows.join('')}</svg>`);
}

;// CONCATENATED MODULE: ./src/insights/html.ts
/**
 * The report as one self-contained HTML page: no script, no network (its content security policy forbids
 * loading anything), the charts inline SVG.
 */



/** Threads linked per dismissed finding; the JSON report keeps them all. */
const LINKS_SHOWN = 5;
const FATE_COLOURS = {
    fixed: '#2f9e44',
    applied: '#69db7c',
    dismissed: '#e8590c',
    'merged-open': '#f08c00',
    'closed-open': '#adb5bd',
    open: '#4dabf7'
};
const FATE_WORDS = {
    fixed: 'fixed',
    applied: 'suggestion applied',
    dismissed: 'dismissed',
    'merged-open': 'merged open',
    'closed-open': 'closed open',
    open: 'still open'
};
/** A slice as a bar: acted upon, dismissed, merged open, and the rest of its findings. */
function sliceBar(s) {
    return {
        label: s.key,
        segments: [
            { value: s.actedUpon, colour: FATE_COLOURS.fixed, label: 'acted upon' },
            { value: s.dismissed, colour: FATE_COLOURS.dismissed, label: 'dismissed' },
            { value: s.mergedOpen, colour: FATE_COLOURS['merged-open'], label: 'merged open' },
            {
                value: s.findings - s.actedUpon - s.dismissed - s.mergedOpen,
                colour: FATE_COLOURS.open,
                label: 'open, closed open or only in the body'
            }
        ]
    };
}
function figure(id, title, bars) {
    if (bars.length === 0)
        return '';
    return `<figure data-chart="${id}"><figcaption>${escapeXml(title)}</figcaption>${stackedBars(title, bars)}</figure>`;
}
const LEGEND = [
    ['acted upon', FATE_COLOURS.fixed],
    ['dismissed', FATE_COLOURS.dismissed],
    ['merged open', FATE_COLOURS['merged-open']],
    ['other', FATE_COLOURS.open]
]
    .map(([label, colour]) => `<span><i style="background:${colour}"></i>${label}</span>`)
    .join('');
const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#212529;margin:0;background:#f8f9fa}
main{max-width:980px;margin:0 auto;padding:28px 24px 48px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 10px}
.lede{color:#495057;margin:0 0 20px}
.cards{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:10px;padding:12px 14px}
.card b{display:block;font-size:26px}.card span{color:#495057;font-size:13px}
figure{background:#fff;border:1px solid #dee2e6;border-radius:10px;margin:12px 0;padding:12px 14px}
figcaption{font-weight:600;margin-bottom:6px}svg{max-width:100%;height:auto;font-size:12px}
svg text{fill:#343a40;dominant-baseline:middle}
.legend span{margin-right:14px;font-size:13px}.legend i{display:inline-block;width:10px;height:10px;margin-right:5px;border-radius:2px}
li{margin:4px 0}a{color:#1864ab}
`;
function renderHtml(report) {
    const cards = headlineRows(report)
        .map(([label, value]) => `<div class="card"><b>${escapeXml(value)}</b><span>${escapeXml(label)}</span></div>`)
        .join('');
    const fateBars = FATES.map(fate => ({
        label: FATE_WORDS[fate],
        segments: [{ value: report.fates[fate], colour: FATE_COLOURS[fate], label: FATE_WORDS[fate] }]
    }));
    const dismissed = report.mostDismissed
        .map(entry => {
        const shown = entry.links.slice(0, LINKS_SHOWN);
        const more = entry.links.length - shown.length;
        const links = shown.map((link, i) => ` <a href="${escapeXml(link)}">thread ${i + 1}</a>`).join('') +
            (more > 0 ? ` and ${more} more` : '');
        return `<li><b>${entry.count}×</b> ${escapeXml(entry.title)} <small>(${escapeXml(entry.category)}, <code>${escapeXml(entry.path)}</code>)</small>${links}</li>`;
    })
        .join('');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Redline insights: ${escapeXml(report.repo)}</title><style>${STYLE}</style></head>
<body><main>
<h1>Is Redline worth it? <small>${escapeXml(report.repo)}</small></h1>
<p class="lede">${report.pullsReviewed} of ${report.pulls} pull requests updated since ${escapeXml(report.since.slice(0, 10))} reviewed in ${report.runs} runs. Rates are of inline findings on merged or closed pull requests (${report.all.decided} findings); ${percent(report.headline.actedUponRate)} of them led to a change.</p>
<div class="cards">${cards}</div>
<h2>What happened to each finding</h2>
${figure('fates', 'Findings by fate', fateBars)}
<h2>Where Redline is heard</h2>
<p class="legend">${LEGEND}</p>
${figure('severity', 'By severity', report.bySeverity.map(sliceBar))}
${figure('category', 'By category', report.byCategory.map(sliceBar))}
${figure('folder', 'By folder', report.byFolder.map(sliceBar))}
${figure('week', 'Week by week (by the week a pull request was opened)', report.byWeek.map(sliceBar))}
${dismissed ? `<h2>Most often dismissed</h2><ul>${dismissed}</ul>` : ''}
<p class="lede">Generated ${escapeXml(report.generatedAt)} by Redline.</p>
</main></body></html>
`;
}

;// CONCATENATED MODULE: ./src/insights/report.ts
/** The insights report's figures, computed from the store's rows for one repository and window. */

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'informational'];
const TOP_FOLDERS = 8;
const TOP_DISMISSED = 10;
function ratio(part, whole) {
    return whole === 0 ? null : part / whole;
}
function slice(key, rows) {
    const decided = rows.filter(row => row.inline && row.prState !== 'open');
    const count = (fates) => decided.filter(row => fates.includes(row.fate)).length;
    const actedUpon = count(['fixed', 'applied']);
    const dismissed = count(['dismissed']);
    return {
        key,
        findings: rows.length,
        decided: decided.length,
        actedUpon,
        dismissed,
        mergedOpen: count(['merged-open']),
        actedUponRate: ratio(actedUpon, decided.length),
        dismissalRate: ratio(dismissed, decided.length)
    };
}
function groupBy(rows, keyOf) {
    const groups = new Map();
    for (const row of rows) {
        const key = keyOf(row);
        groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return groups;
}
/** The folder a finding is in, two levels deep: `src/api` for `src/api/users/get.ts`. */
function folderOf(path) {
    const parts = path.split('/').slice(0, -1);
    return parts.length === 0 ? '(root)' : parts.slice(0, 2).join('/');
}
/** The Monday that starts the ISO week of `iso`, as a date. */
function weekOf(iso) {
    const day = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
    const offset = (day.getUTCDay() + 6) % 7;
    return new Date(day.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
}
function median(values) {
    if (values.length === 0)
        return null;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
        ? sorted[mid]
        : (sorted[mid - 1] + sorted[mid]) / 2;
}
function mostDismissed(rows) {
    const dismissed = rows.filter(row => row.fate === 'dismissed');
    const groups = groupBy(dismissed, row => row.title.trim().toLowerCase());
    return [...groups.values()]
        .map(group => {
        const first = group[0];
        return {
            title: first.title,
            category: first.category,
            path: first.path,
            count: group.length,
            links: group.flatMap(row => (row.commentUrl ? [row.commentUrl] : []))
        };
    })
        .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title))
        .slice(0, TOP_DISMISSED);
}
/**
 * The figures. Rates are of inline findings on merged or closed pull requests, whose fate is settled;
 * findings withdrawn on verification were never shown and count nowhere.
 */
function buildReport(input) {
    const shown = input.findings.filter(row => row.dismissalSource !== 'verification');
    const fates = Object.fromEntries(FATES.map(fate => [fate, 0]));
    for (const row of shown)
        fates[row.fate] += 1;
    const all = slice('all', shown);
    const totalCostUsd = input.runs.reduce((sum, run) => sum + run.costUsd, 0);
    const actedUpon = shown.filter(row => row.fate === 'fixed' || row.fate === 'applied').length;
    const bySeverity = [...groupBy(shown, row => row.severity)]
        .sort(([a], [b]) => SEVERITY_ORDER.indexOf(a) - SEVERITY_ORDER.indexOf(b))
        .map(([key, rows]) => slice(key, rows));
    const bySize = (a, b) => b.findings - a.findings || a.key.localeCompare(b.key);
    return {
        repo: input.repo,
        since: input.since,
        generatedAt: input.generatedAt,
        pulls: input.pulls,
        pullsReviewed: input.pullsReviewed,
        runs: input.runs.length,
        fates,
        headline: {
            actedUponRate: all.actedUponRate,
            dismissalRate: all.dismissalRate,
            mergedOpenRate: ratio(all.mergedOpen, all.decided),
            findingsPerPr: ratio(shown.length, input.pullsReviewed),
            inlinePerPr: ratio(shown.filter(row => row.inline).length, input.pullsReviewed),
            costPerPr: ratio(totalCostUsd, input.pullsReviewed),
            costPerActedUpon: ratio(totalCostUsd, actedUpon),
            medianReviewSeconds: median(input.runs.map(run => run.seconds)),
            totalCostUsd
        },
        all,
        bySeverity,
        byCategory: [...groupBy(shown, row => row.category)].map(([key, rows]) => slice(key, rows)).sort(bySize),
        byFolder: [...groupBy(shown, row => folderOf(row.path))]
            .map(([key, rows]) => slice(key, rows))
            .sort(bySize)
            .slice(0, TOP_FOLDERS),
        byWeek: [...groupBy(shown, row => weekOf(row.prCreatedAt))]
            .map(([key, rows]) => slice(key, rows))
            .sort((a, b) => a.key.localeCompare(b.key)),
        mostDismissed: mostDismissed(shown)
    };
}
/** The report's input read from the store: the pull requests of `repo` updated since `since`. */
function readReportInput(store, repo, since, generatedAt) {
    const window = [repo, since];
    const pulls = store.all('SELECT COUNT(*) AS n, COALESCE(SUM(reviewed), 0) AS reviewed FROM pull_requests WHERE repo = ? AND updated_at >= ?', window)[0];
    const findings = store.all(`SELECT f.pr_number, p.state, p.created_at, f.severity, f.category, f.path, f.title, f.inline, f.comment_url,
            t.fate, t.dismissal_source, t.dismissed_by
       FROM findings f
       JOIN fates t USING (repo, pr_number, finding_id)
       JOIN pull_requests p ON p.repo = f.repo AND p.number = f.pr_number
      WHERE f.repo = ? AND p.updated_at >= ?
      ORDER BY f.pr_number, f.finding_id`, window);
    const runs = store.all(`SELECT r.pr_number, r.seconds, r.cost_usd FROM runs r
       JOIN pull_requests p ON p.repo = r.repo AND p.number = r.pr_number
      WHERE r.repo = ? AND p.updated_at >= ? ORDER BY r.pr_number, r.started_at`, window);
    return {
        repo,
        since,
        generatedAt,
        pulls: Number(pulls?.['n'] ?? 0),
        pullsReviewed: Number(pulls?.['reviewed'] ?? 0),
        findings: findings.map(row => ({
            prNumber: Number(row['pr_number']),
            prState: String(row['state']),
            prCreatedAt: String(row['created_at']),
            severity: String(row['severity']),
            category: String(row['category']),
            path: String(row['path']),
            title: String(row['title']),
            inline: row['inline'] === 1,
            commentUrl: row['comment_url'] === null ? null : String(row['comment_url']),
            fate: String(row['fate']),
            dismissalSource: row['dismissal_source'] === null ? null : String(row['dismissal_source']),
            dismissedBy: row['dismissed_by'] === null ? null : String(row['dismissed_by'])
        })),
        runs: runs.map(row => ({
            prNumber: Number(row['pr_number']),
            seconds: Number(row['seconds']),
            costUsd: Number(row['cost_usd'])
        }))
    };
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./src/insights/sqlite.ts
/**
 * The embedded SQLite: sql.js, SQLite compiled to WebAssembly. It needs no native build on the runner and
 * runs the same on Node 20 and in the action's node24. Its single-file build carries the WebAssembly inline;
 * the bundle keeps that file beside itself (scripts/bundle.ts copies it) and loads it with Node's own
 * `import()`, because the file sets `module` aside in a way a bundler rewrites and breaks.
 */



/** The name the bundle gives sql.js's single-file build beside itself. */
const BUNDLED_SQL_JS = 'sql-wasm-inline.cjs';
let loading;
/** The SQLite engine, loaded once per process. */
function loadSqlite() {
    loading ??= (async () => {
        const bundled = (0,external_node_path_.join)((0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url)), BUNDLED_SQL_JS);
        const specifier = (0,external_node_fs_.existsSync)(bundled) ? (0,external_node_url_.pathToFileURL)(bundled).href : 'sql.js/dist/sql-wasm-inline.js';
        const module = (await import(/* webpackIgnore: true */ specifier));
        return module.default();
    })();
    return loading;
}

;// CONCATENATED MODULE: ./src/insights/store.ts
/**
 * The outcome history as a SQLite file the team can query with `sqlite3`: pull requests, runs, findings,
 * their fates and the feedback behind them. Writes are idempotent: a pull request collected again replaces
 * its own rows with the same rows.
 */



/**
 * Each entry moves the schema one version up; a database of any older version is brought to the newest.
 * Only ever append: a released entry is never changed.
 */
const MIGRATIONS = [
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
   CREATE INDEX pull_requests_by_update ON pull_requests (repo, updated_at);`
];
const SCHEMA_VERSION = MIGRATIONS.length;
class InsightsStore {
    db;
    file;
    constructor(db, file) {
        this.db = db;
        this.file = file;
    }
    /** Opens the file (or a new database when it does not exist yet) and brings its schema up to date. */
    static async open(file) {
        const SQL = await loadSqlite();
        const db = file && (0,external_node_fs_.existsSync)(file) ? new SQL.Database((0,external_node_fs_.readFileSync)(file)) : new SQL.Database();
        const store = new InsightsStore(db, file);
        store.migrate();
        return store;
    }
    migrate() {
        const hasMeta = this.all("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
        const version = hasMeta.length > 0 ? Number(this.meta('schema_version') ?? 0) : 0;
        if (version > SCHEMA_VERSION)
            throw new Error(`the database has schema version ${version}, newer than this Redline (${SCHEMA_VERSION})`);
        for (let next = version; next < SCHEMA_VERSION; next++) {
            this.db.exec('BEGIN');
            this.db.exec(MIGRATIONS[next]);
            this.setMeta('schema_version', String(next + 1));
            this.db.exec('COMMIT');
        }
    }
    all(sql, params = []) {
        const statement = this.db.prepare(sql);
        try {
            statement.bind(params);
            const rows = [];
            while (statement.step())
                rows.push(statement.getAsObject());
            return rows;
        }
        finally {
            statement.free();
        }
    }
    meta(key) {
        const row = this.all('SELECT value FROM meta WHERE key = ?', [key])[0];
        return row ? String(row['value']) : undefined;
    }
    setMeta(key, value) {
        this.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
    }
    /** Replaces one pull request's rows; runs are only added, as older ones leave the marker over time. */
    savePull(rows) {
        const { repo, pull } = rows;
        const key = [repo, pull.number];
        this.db.exec('BEGIN');
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
            ]);
            for (const table of ['findings', 'fates', 'feedback_events'])
                this.db.run(`DELETE FROM ${table} WHERE repo = ? AND pr_number = ?`, key);
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
                ]);
            }
            for (const f of rows.findings)
                this.saveFinding(repo, pull.number, f);
            for (const e of rows.events) {
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
                ]);
            }
            this.db.exec('COMMIT');
        }
        catch (error) {
            this.db.exec('ROLLBACK');
            throw error;
        }
    }
    saveFinding(repo, number, f) {
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
        ]);
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
        ]);
    }
    /** Written to a temporary file first and moved into place, so a failed write never leaves half a file. */
    save() {
        if (!this.file)
            return;
        (0,external_node_fs_.mkdirSync)((0,external_node_path_.dirname)(this.file), { recursive: true });
        const temporary = `${this.file}.tmp-${process.pid}`;
        (0,external_node_fs_.writeFileSync)(temporary, this.db.export());
        (0,external_node_fs_.renameSync)(temporary, this.file);
    }
    close() {
        this.db.close();
    }
}

;// CONCATENATED MODULE: ./src/insights/run.ts
/**
 * One insights run, whichever door asked: collect what changed into the database, compute the report and
 * write it. It reads GitHub and writes local files only: it posts nothing and needs no model.
 */








const DEFAULT_SINCE = '90d';
const DEFAULT_DB = 'redline-insights.sqlite';
/** GITHUB_TOKEN's reviews are written by this app account. */
const DEFAULT_REDLINE_LOGIN = 'github-actions[bot]';
const DAY_MS = 86_400_000;
/** `--since`: a number of days (`90d`) or a date (`2026-01-31`), as the instant the window starts. */
function parseSince(text, now) {
    const trimmed = text.trim();
    const days = /^(\d{1,5})d$/.exec(trimmed);
    if (days)
        return new Date(now.getTime() - Number(days[1]) * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(trimmed) && !Number.isNaN(Date.parse(trimmed)))
        return new Date(trimmed).toISOString().replace(/\.\d{3}Z$/, 'Z');
    throw new errors/* ConfigurationError */.j1(`since must be a number of days such as 90d, or a date such as 2026-01-31; got "${text}"`);
}
/** `owner/name`, as both doors take it. */
function parseRepo(text) {
    const match = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/.exec(text.trim());
    if (!match)
        throw new ConfigurationError(`the repository must be written owner/name; got "${text}"`);
    return { owner: match[1], repo: match[2] };
}
async function writeText(path, text) {
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
    await (0,promises_.writeFile)(path, text);
}
async function runInsights(options) {
    const { logger } = options;
    const store = await InsightsStore.open(options.dbPath);
    try {
        const stats = await logger.group('Collect', () => collect({
            octokit: options.octokit,
            graphqlUrl: options.graphqlUrl,
            repo: options.repo,
            since: options.since,
            redlineLogin: options.redlineLogin,
            store,
            logger
        }));
        for (const warning of stats.warnings)
            logger.warning(warning);
        store.save();
        const name = `${options.repo.owner}/${options.repo.repo}`;
        const generatedAt = (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
        const report = buildReport(readReportInput(store, name, options.since, generatedAt));
        if (options.htmlPath)
            await writeText(options.htmlPath, renderHtml(report));
        if (options.jsonPath)
            await writeText(options.jsonPath, `${JSON.stringify(report, null, 2)}\n`);
        return { report, markdown: renderMarkdown(report), stats };
    }
    finally {
        store.close();
    }
}

;// CONCATENATED MODULE: ./src/action/insights-run.ts
/**
 * The action in `mode: insights`: collects the repository's outcome history into the database, writes the
 * HTML report and the job summary. It reads GitHub only (read permissions do), posts nothing and calls no
 * model, so it needs no key.
 */







async function runInsightsAction(logger) {
    const settings = (0,action_inputs/* readInsightsSettings */.r1)(name => core/* getInput */.V4(name));
    core/* setSecret */.Pq(settings.githubToken);
    const repo = (0,action_event/* parseRepository */.SU)(process.env['GITHUB_REPOSITORY']);
    const workspace = process.env['GITHUB_WORKSPACE'] || process.cwd();
    const octokit = (0,client/* createOctokit */.Qi)(settings.githubToken, logger);
    const graphqlUrl = (0,client/* graphqlUrlFromEnv */.Qk)();
    // The workflow's token is the account Redline reviews as in this repository: its markers are the trusted ones.
    const redlineLogin = await (0,identity/* fetchViewerLogin */._)(octokit, graphqlUrl);
    const htmlPath = (0,external_node_path_.resolve)(workspace, settings.htmlPath);
    const dbPath = (0,external_node_path_.resolve)(workspace, settings.dbPath);
    const result = await runInsights({
        octokit,
        graphqlUrl,
        repo,
        since: parseSince(settings.since, new Date()),
        redlineLogin,
        dbPath,
        htmlPath,
        ...(settings.jsonPath ? { jsonPath: (0,external_node_path_.resolve)(workspace, settings.jsonPath) } : {}),
        logger
    });
    await core/* summary */.z.addRaw(result.markdown).write();
    logger.info(`Wrote ${dbPath} and ${htmlPath}; ${result.stats.pulls} pull request(s) collected in this run.`);
}

// EXTERNAL MODULE: ./src/action/github-host.ts + 6 modules
var github_host = __webpack_require__(64971);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./src/findings/finding.ts
var findings_finding = __webpack_require__(44879);
;// CONCATENATED MODULE: ./src/action/outputs.ts




function computeOutputs(input) {
    const usage = input.usage;
    return {
        'review-id': input.reviewId === undefined ? '' : String(input.reviewId),
        'review-url': input.reviewUrl ?? '',
        'findings-open': String(input.findings.filter(finding => finding.status === 'open').length),
        'findings-file': input.findingsFile,
        // The declared meaning of input-tokens includes cached reads and writes.
        'input-tokens': usage ? String(usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens) : '0',
        'output-tokens': usage ? String(usage.outputTokens) : '0',
        'cost-usd': usage ? usage.costUsd.toFixed(4) : '0.0000',
        coverage: input.coverage ? `${input.coverage.reviewed}/${input.coverage.reviewable}` : ''
    };
}
/** Every finding with its status, severity, location and text, for later steps of the workflow. */
function findingsDocument(findings, options = {}) {
    const inlineIds = new Set(options.inlineFindingIds ?? []);
    return {
        version: 1,
        ...(options.prNumber === undefined ? {} : { pull_request: options.prNumber }),
        ...(options.commitSha === undefined ? {} : { commit: options.commitSha }),
        findings: [...findings].sort(findings_finding/* compareFindings */.Eg).map(finding => ({
            ...finding,
            location: (0,findings_finding/* findingLocation */.$R)(finding),
            postedInline: inlineIds.has(finding.id)
        }))
    };
}
async function writeFindingsFile(findings, options = {}, env = process.env) {
    const directory = options.directory ?? env['RUNNER_TEMP'] ?? external_node_os_.tmpdir();
    await (0,promises_.mkdir)(directory, { recursive: true });
    const name = options.prNumber === undefined ? 'redline-findings.json' : `redline-findings-pr${options.prNumber}.json`;
    const file = external_node_path_.join(directory, name);
    await (0,promises_.writeFile)(file, `${JSON.stringify(findingsDocument(findings, options), null, 2)}\n`, 'utf8');
    return file;
}

// EXTERNAL MODULE: ./src/publish/body.ts + 1 modules
var body = __webpack_require__(46166);
// EXTERNAL MODULE: ./src/publish/markdown.ts
var markdown = __webpack_require__(51886);
// EXTERNAL MODULE: ./src/publish/comment.ts
var publish_comment = __webpack_require__(71206);
// EXTERNAL MODULE: ./src/publish/select.ts
var publish_select = __webpack_require__(66227);
;// CONCATENATED MODULE: ./src/action/job-summary.ts






function settingsSection(input) {
    const settings = input.settings ?? [];
    if (settings.length === 0)
        return undefined;
    const file = input.configFrom?.path;
    const fromText = (from) => (from === 'file' ? (0,publish_comment/* code */.aY)(file ?? 'file') : from);
    const where = input.configFrom
        ? file
            ? `${(0,publish_comment/* code */.aY)(file)} read at ${(0,publish_comment/* code */.aY)(input.configFrom.commit.slice(0, 7))} on the base branch.`
            : `No configuration file on the base branch at ${(0,publish_comment/* code */.aY)(input.configFrom.commit.slice(0, 7))}.`
        : 'No configuration file was read.';
    return [
        '### Settings',
        '',
        where,
        '',
        '| Setting | Value | From |',
        '| --- | --- | --- |',
        ...settings.map(s => `| ${(0,publish_comment/* code */.aY)(s.name)} | ${(0,markdown/* inline */.mG)(s.value, 200)} | ${fromText(s.from)} |`)
    ].join('\n');
}
const STATUS_ORDER = { open: 0, resolved: 1, dismissed: 2 };
function placement(finding, input, inlineIds) {
    if (finding.status !== 'open')
        return '—';
    // A failed post reached nothing; only threads of earlier reviews are on the pull request.
    if (input.error && !input.reviewUrl)
        return finding.commentId !== undefined ? 'earlier thread' : 'not posted';
    const moved = input.movedToBody?.find(item => item.id === finding.id);
    if (moved)
        return `body (${(0,markdown/* inline */.mG)(publish_select/* LISTED_REASON_TEXT */.$H[moved.reason])})`;
    if (inlineIds.has(finding.id))
        return input.dryRun ? 'inline (dry run)' : 'inline';
    if (finding.commentId !== undefined)
        return 'earlier thread';
    return 'body';
}
function findingsTable(input) {
    const inlineIds = new Set(input.inlineFindingIds);
    const rows = [...input.findings]
        .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (0,findings_finding/* compareFindings */.Eg)(a, b))
        .map(finding => {
        const cells = [
            finding.status,
            (0,markdown/* severityLabel */.yi)(finding.severity),
            (0,publish_comment/* code */.aY)((0,findings_finding/* findingLocation */.$R)(finding)),
            (0,markdown/* inline */.mG)(finding.title, 200) || 'Untitled finding',
            placement(finding, input, inlineIds)
        ];
        return `| ${cells.join(' | ')} |`;
    });
    return [
        '| Status | Severity | Location | Finding | Posted |',
        '| --- | --- | --- | --- | --- |',
        ...rows
    ].join('\n');
}
function usageLine(usage) {
    const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
    return (`**Model use:** ${input.toLocaleString('en-US')} input tokens (${usage.cacheReadTokens.toLocaleString('en-US')} ` +
        `cache reads, ${usage.cacheWriteTokens.toLocaleString('en-US')} cache writes), ` +
        `${usage.outputTokens.toLocaleString('en-US')} output tokens, about $${usage.costUsd.toFixed(4)}.`);
}
function renderedReview(input) {
    const parts = [input.body ?? ''];
    for (const comment of input.comments ?? []) {
        const lines = comment.start_line === undefined ? `${comment.line}` : `${comment.start_line}-${comment.line}`;
        parts.push(`---\n\n**Inline on ${(0,publish_comment/* code */.aY)(`${comment.path}:${lines}`)} (${comment.side})**\n\n${comment.body}`);
    }
    return parts.join('\n\n');
}
/** Markdown for the job summary: every finding, where it went, what the run cost and what it could not cover. */
function renderJobSummary(input) {
    const open = input.findings.filter(finding => finding.status === 'open').length;
    const sections = [`## Redline review${input.dryRun ? ' (dry run: nothing was posted)' : ''}`];
    if (input.error)
        sections.push(`> [!CAUTION]\n> The review could not be posted: ${(0,markdown/* inline */.mG)(input.error, 1000)}`);
    if (input.failure)
        sections.push(`> [!CAUTION]\n> ${(0,markdown/* inline */.mG)(input.failure, 1000)}`);
    if (input.coverage && !(0,body/* coverageComplete */.aC)(input.coverage))
        sections.push(`**${(0,body/* coverageLine */.vn)(input.coverage)}**\n\n${(0,body/* pendingSection */.Lc)(input.coverage, 200)}`);
    if (input.reviewUrl)
        sections.push(`[The review on the pull request](${input.reviewUrl})`);
    if (input.check)
        sections.push(`[The "Redline" check run](${input.check.url}): ${input.check.conclusion}`);
    if (input.walkthrough)
        sections.push(input.walkthrough);
    const posted = input.error && !input.reviewUrl
        ? 'nothing posted'
        : `${input.inlineFindingIds.length} ${input.dryRun ? 'to be ' : ''}posted inline`;
    sections.push(`**${(0,measure/* plural */.LS)(open, 'open finding')}**, ${posted}, ${(0,measure/* plural */.LS)(input.findings.length, 'finding')} in all.`);
    if (input.findings.length > 0)
        sections.push(findingsTable(input));
    if (input.usage)
        sections.push(usageLine(input.usage));
    const notes = [...input.coverageNotes, ...(input.compaction ?? []).map(note => `Review body: ${note}.`)];
    if (notes.length > 0)
        sections.push(['### Coverage', '', ...notes.map(note => `- ${(0,markdown/* inline */.mG)(note, 1000)}`)].join('\n'));
    const evidence = (0,body/* evidenceSection */.re)(input.evidence ?? []);
    if (evidence)
        sections.push(evidence.replace(/^#### /, '### '));
    const settings = settingsSection(input);
    if (settings)
        sections.push(settings);
    if (input.body !== undefined && (input.dryRun || input.error)) {
        const title = input.dryRun
            ? 'The review that would have been posted'
            : 'The review that could not be posted';
        sections.push(`<details>\n<summary>${title}</summary>\n\n${renderedReview(input)}\n\n</details>`);
    }
    return `${sections.join('\n\n')}\n`;
}
/** Writes the job summary; `sink` is `core.summary` in the action. */
async function writeJobSummary(sink, input) {
    sink.addRaw(renderJobSummary(input), true);
    await sink.write();
}

// EXTERNAL MODULE: ./src/action/check-run.ts + 2 modules
var check_run = __webpack_require__(76962);
// EXTERNAL MODULE: ./src/action/evidence-notices.ts
var evidence_notices = __webpack_require__(76713);
// EXTERNAL MODULE: ./src/action/unreviewed.ts
var action_unreviewed = __webpack_require__(56626);
;// CONCATENATED MODULE: ./src/action/run.ts

















/** Why a pull request the workflow cannot review is not reviewed, before the settings refuse an empty key. */
function withoutKey(eventName, payload) {
    if (core/* getInput */.V4('anthropic-api-key').trim() !== '')
        return undefined;
    const pr = (0,action_unreviewed/* pullRequestOf */.H2)(payload);
    if (!pr)
        return undefined;
    const forkNotice = (0,action_event/* forkWithoutSecretsNotice */.s5)(eventName, payload);
    const unreviewed = forkNotice
        ? (0,action_unreviewed/* forkWithoutKey */._n)(pr.number, forkNotice)
        : pr.author?.toLowerCase() === action_unreviewed/* DEPENDABOT */.Bx
            ? (0,action_unreviewed/* dependabotWithoutKey */.kT)(pr.number)
            : undefined;
    return unreviewed && { skip: unreviewed.notice, unreviewed };
}
/**
 * The settings and the request, or the reason there is nothing to do. The inputs are checked first; the
 * repository's configuration file is read (at the merge base) once the event says there is a pull request to
 * review, and the settings are resolved from both. Only workflow and configuration mistakes throw.
 */
async function prepare(workspace, logger) {
    const eventName = process.env['GITHUB_EVENT_NAME'] ?? '';
    const payload = (0,event_file/* readEventPayload */.N5)(process.env['GITHUB_EVENT_PATH']);
    const unreviewable = withoutKey(eventName, payload);
    if (unreviewable)
        return unreviewable;
    const read = (name) => core/* getInput */.V4(name);
    const inputs = (0,action_inputs/* readSettings */.sb)(read);
    for (const secret of (0,action_inputs/* secretsOf */.Fj)(inputs))
        core/* setSecret */.Pq(secret);
    const repository = (0,action_event/* parseRepository */.SU)(process.env['GITHUB_REPOSITORY']);
    const event = {
        eventName,
        payload,
        repository,
        ...(inputs.prNumber !== undefined ? { prNumberInput: inputs.prNumber } : {})
    };
    const first = (0,action_event/* decideFromEvent */.nY)({ ...event, reviewDrafts: true });
    if ('skip' in first)
        return first;
    const octokit = (0,client/* createOctokit */.Qi)(inputs.githubToken, logger);
    const config = await logger.group('Read the configuration', () => (0,repository_config/* loadRepositoryConfig */.P)(octokit, first.review, workspace, logger));
    const settings = (0,action_inputs/* readSettings */.sb)(read, config);
    const decision = (0,action_event/* decideFromEvent */.nY)({
        ...event,
        reviewDrafts: settings.reviewDrafts,
        reviewLabel: settings.labels.review
    });
    if ('skip' in decision)
        return { ...decision, failOn: settings.failOn };
    const request = decision.review;
    // A manual dispatch or the review label is someone asking for this review; the skip label and
    // skip-authors are for the automatic ones.
    if (request.kind === 'pull_request' && request.action !== action_event/* LABELED */.Mr) {
        if (request.labels.includes(settings.labels.skip)) {
            const unreviewed = (0,action_unreviewed/* skipLabel */.cH)(request.pr.prNumber, settings.labels.skip);
            return { skip: unreviewed.notice, unreviewed, failOn: settings.failOn };
        }
        const pr = (0,action_unreviewed/* pullRequestOf */.H2)(payload);
        if (pr?.author && (0,action_unreviewed/* matchesAuthor */.N2)(settings.skipAuthors, pr.author)) {
            const unreviewed = (0,action_unreviewed/* skippedAuthor */._U)(pr.number, pr.author);
            return { skip: unreviewed.notice, unreviewed, failOn: settings.failOn };
        }
    }
    return { settings, request, octokit };
}
async function report(outcome, prNumber, settings, logger, check) {
    const { delivered } = outcome;
    const publish = delivered?.publish;
    try {
        const findingsFile = await writeFindingsFile(outcome.findings, {
            prNumber,
            inlineFindingIds: publish?.inlineFindingIds ?? [],
            ...(outcome.headSha ? { commitSha: outcome.headSha } : {})
        });
        const outputs = computeOutputs({
            ...(delivered?.reviewId !== undefined ? { reviewId: delivered.reviewId } : {}),
            ...(delivered?.reviewUrl !== undefined ? { reviewUrl: delivered.reviewUrl } : {}),
            findings: outcome.findings,
            findingsFile,
            usage: outcome.usage,
            ...(outcome.coverage ? { coverage: outcome.coverage } : {})
        });
        for (const [name, value] of Object.entries(outputs))
            core/* setOutput */.uH(name, value);
    }
    catch (error) {
        logger.warning(`The findings file could not be written: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
    const end = outcome.end;
    const notes = end.kind === 'skipped' ? [end.reason, ...outcome.notes] : outcome.notes;
    const failure = (0,engine/* failureLine */.Pu)(outcome, engine/* ACTION_WORDS */.dC);
    try {
        await writeJobSummary(core/* summary */.z, {
            findings: outcome.findings,
            inlineFindingIds: publish?.inlineFindingIds ?? [],
            movedToBody: publish?.movedToBody ?? [],
            coverageNotes: notes,
            compaction: publish?.compaction ?? [],
            usage: outcome.usage,
            ...(publish?.reviewUrl ? { reviewUrl: publish.reviewUrl } : {}),
            dryRun: settings.dryRun,
            ...(publish ? { body: publish.body, comments: publish.comments } : {}),
            ...(outcome.publishError ? { error: outcome.publishError.message } : {}),
            ...(outcome.coverage ? { coverage: outcome.coverage } : {}),
            ...(failure && !outcome.publishError ? { failure } : {}),
            settings: settings.sources,
            ...(settings.repositoryConfig ? { configFrom: settings.repositoryConfig } : {}),
            ...(check ? { check } : {}),
            ...(publish?.walkthrough ? { walkthrough: publish.walkthrough } : {}),
            ...(outcome.evidence ? { evidence: outcome.evidence } : {})
        });
    }
    catch (error) {
        // Outside a runner there is no summary file; the log still has everything.
        logger.debug(`No job summary written: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
    if (publish?.reviewUrl)
        logger.info(`Review posted: ${publish.reviewUrl}`);
}
/** The action: one review of one pull request, reported in the job summary and the outputs. */
async function run() {
    const logger = action_logger/* actionsLogger */.M;
    try {
        if ((0,action_inputs/* readMode */.Em)(name => core/* getInput */.V4(name)) === 'insights')
            return await runInsightsAction(logger);
        const workspace = process.env['GITHUB_WORKSPACE'] || process.cwd();
        const prepared = await prepare(workspace, logger);
        if ('skip' in prepared) {
            const failOn = prepared.failOn ?? (0,action_inputs/* readFailOn */.mc)(name => core/* getInput */.V4(name));
            if (prepared.unreviewed && failOn !== 'none')
                core/* setFailed */.C1((0,action_unreviewed/* gateLine */.C_)(prepared.unreviewed, failOn));
            else
                core/* notice */.lm(prepared.skip);
            return;
        }
        const { settings, request, octokit } = prepared;
        const host = (0,github_host/* gitHubHost */.E5)({
            settings,
            request,
            octokit,
            graphqlUrl: (0,client/* graphqlUrlFromEnv */.Qk)(),
            workspace,
            run: (0,workflow_run/* thisRun */.o)()
        });
        const check = (0,check_run/* checkReporter */.IM)({ octokit, repository: request.pr, logger, dryRun: settings.dryRun });
        if (request.kind === 'pull_request')
            await check.begin(request.headSha);
        const outcome = await (0,engine/* review */.NQ)(host, settings, logger);
        if (outcome.end.kind === 'skipped')
            core/* notice */.lm(outcome.end.reason);
        (0,evidence_notices/* noticeChecksNotRun */.w)(outcome.evidence);
        if (outcome.end.kind === 'fatal' && outcome.end.error.stack)
            core/* debug */.Yz(outcome.end.error.stack);
        const headSha = outcome.headSha ?? (request.kind === 'pull_request' ? request.headSha : undefined);
        const posted = headSha ? await check.finish(headSha, (0,check_run/* checkInputOf */.W0)(outcome, settings.failOn)) : undefined;
        await report(outcome, request.pr.prNumber, settings, logger, posted);
        const failure = (0,engine/* failureLine */.Pu)(outcome, engine/* ACTION_WORDS */.dC) ?? (0,engine/* shouldFail */.W9)(outcome.findings, settings.failOn);
        if (failure)
            core/* setFailed */.C1(failure);
    }
    catch (error) {
        if (error instanceof errors/* ConfigurationError */.j1) {
            core/* setFailed */.C1(error.message);
        }
        else {
            if (error instanceof Error && error.stack)
                core/* debug */.Yz(error.stack);
            core/* setFailed */.C1(`Redline failed: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
}


/***/ })

};

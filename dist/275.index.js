export const id = 275;
export const ids = [275];
export const modules = {

/***/ 35275:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runOnComment: () => (/* binding */ runOnComment)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(96421);
// EXTERNAL MODULE: ./src/action/event-file.ts
var event_file = __webpack_require__(58537);
// EXTERNAL MODULE: ./src/action/event.ts
var action_event = __webpack_require__(33566);
// EXTERNAL MODULE: ./src/action/inputs.ts
var action_inputs = __webpack_require__(81729);
// EXTERNAL MODULE: ./src/action/logger.ts + 1 modules
var logger = __webpack_require__(27943);
// EXTERNAL MODULE: ./src/action/repository-config.ts + 1 modules
var repository_config = __webpack_require__(43761);
// EXTERNAL MODULE: ./src/action/workflow-run.ts
var workflow_run = __webpack_require__(48545);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/github/client.ts
var client = __webpack_require__(96584);
// EXTERNAL MODULE: ./src/github/identity.ts
var identity = __webpack_require__(77369);
;// CONCATENATED MODULE: ./src/github/conversation.ts
/** The repository role of `login`: admin, maintain, write, triage or read (none for no access). */
async function repositoryRole(octokit, repo, login) {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
        owner: repo.owner,
        repo: repo.repo,
        username: login
    });
    // role_name tells maintain and triage apart; the older `permission` reads them as write and read.
    const role = data.role_name;
    return role && role !== '' ? role : data.permission;
}
async function listIssueComments(octokit, pr) {
    const data = await octokit.paginate(octokit.rest.issues.listComments, {
        owner: pr.owner,
        repo: pr.repo,
        issue_number: pr.prNumber,
        per_page: 100
    });
    return data.map(entry => ({
        id: entry.id,
        body: entry.body ?? '',
        user: entry.user ? { login: entry.user.login, type: entry.user.type } : null
    }));
}
async function createIssueComment(octokit, pr, body) {
    const { data } = await octokit.rest.issues.createComment({
        owner: pr.owner,
        repo: pr.repo,
        issue_number: pr.prNumber,
        body
    });
    return data.id;
}
/** 👀 on a comment: a pull request's conversation comment, or a review comment in a thread. */
async function reactWithEyes(octokit, repo, comment) {
    const params = { owner: repo.owner, repo: repo.repo, comment_id: comment.id, content: 'eyes' };
    if (comment.inThread)
        await octokit.rest.reactions.createForPullRequestReviewComment(params);
    else
        await octokit.rest.reactions.createForIssueComment(params);
}

// EXTERNAL MODULE: ./src/github/reviews.ts
var github_reviews = __webpack_require__(25426);
// EXTERNAL MODULE: ./src/text/reply-check.ts
var reply_check = __webpack_require__(99554);
;// CONCATENATED MODULE: ./src/commands/replies.ts
/**
 * Redline's replies to comments. Each is posted where the person wrote (in the thread, or in the pull
 * request's conversation), goes through the same check as any text a model wrote, and carries a hidden tag
 * naming the comment it answers, so a re-run of the job answers nothing twice.
 */




/** A reply's length, whatever it holds: a few paragraphs, never a wall of text. */
const MAX_REPLY_CHARS = 4_000;
/** The hidden tag a reply carries: which comment it answers. */
function replyTag(commentId) {
    return `<!-- redline:reply-to ${commentId} -->`;
}
/**
 * A reply where the command was given: in its thread, or in the pull request's conversation. The text is
 * checked first: `instructions` are the texts of the model run it came from, if any, which it must not repeat.
 */
async function reply(context, text, extraTag = '', instructions = []) {
    const { event, octokit } = context;
    const checked = (0,reply_check/* checkReply */.xk)(text, { instructions, maxChars: MAX_REPLY_CHARS }).text;
    const body = `${checked}\n\n${replyTag(event.comment.id)}${extraTag}`;
    if (event.comment.threadOf !== undefined)
        await (0,github_reviews/* replyToComment */.fC)(octokit, event.pr, event.comment.threadOf, body);
    else
        await createIssueComment(octokit, event.pr, body);
}
/** Whether one of Redline's own comments, in the conversation or in a review thread, holds `tag`. */
async function postedWithTag(context, tag, inThreads) {
    const { octokit, event, viewer } = context;
    const comments = await listIssueComments(octokit, event.pr);
    if (comments.some(c => (0,identity/* isOwnAccount */.H)(c.user, viewer) && c.body.includes(tag)))
        return true;
    if (!inThreads)
        return false;
    const inReview = await (0,github_reviews/* listPullRequestComments */.Ht)(octokit, event.pr);
    return inReview.some(c => (0,identity/* isOwnAccount */.H)(c.user, viewer) && c.body.includes(tag));
}
/** Whether Redline already replied to this comment, in the conversation or in the thread. */
function answered(context) {
    const inThread = context.event.comment.threadOf !== undefined;
    return postedWithTag(context, replyTag(context.event.comment.id), inThread);
}

;// CONCATENATED MODULE: ./src/commands/texts.ts
/** The fixed lines Redline replies with to comments, written once here. */
function helpText(phrase) {
    return [
        `**Redline commands** (people with write access to this repository can use them):`,
        '',
        `- \`${phrase} review\`: review what changed since the last review now, as a push would. One model run, as on a push.`,
        `- \`${phrase} full review\`: review the whole pull request again, keeping the earlier findings. One model run over the whole diff: the most expensive command.`,
        `- \`${phrase} pause\` / \`${phrase} resume\`: stop or restart the automatic reviews of this pull request on push. No model call.`,
        `- \`${phrase} describe\`: write a description of the pull request into its body, in a section of its own; what the author wrote is kept. One short model run.`,
        `- \`${phrase} help\`: this list. No model call.`,
        '',
        `Reply \`${phrase}\` with a question in one of Redline's threads to get an answer there: a short model run with a small budget.`
    ].join('\n');
}
/** Words after the phrase that name no command, in the pull request's conversation. */
function unknownCommandText(phrase) {
    return `That is not a command Redline knows.\n\n${helpText(phrase)}`;
}
/** A question in a review thread Redline did not open: one line, no model call. */
function notOurThreadText(phrase) {
    return (`Redline answers questions only in its own review threads; to ask for a review, comment \`${phrase} review\` ` +
        'on the pull request.');
}
function whoMayCommandText(phrase) {
    return (`Redline's commands (\`${phrase} review\` and the others) can be used by people with write, maintain or ` +
        'admin permission on this repository.');
}
const FINDING_GONE_TEXT = 'This finding is not in the state of my last review any more, so there is nothing to answer for it.';

;// CONCATENATED MODULE: ./src/commands/admit.ts
/**
 * Who may command Redline: the author's permission on the repository, asked of GitHub before anything costly
 * is done for the comment. Everyone else gets one reply saying who may, where they wrote, once per person.
 */





/** The roles that may command Redline. */
const COMMANDING_ROLES = ['admin', 'maintain', 'write'];
/** The hidden tag of a refusal to one person: a login holds only letters, digits and dashes. */
function refusalTag(login) {
    return `<!-- redline:who-may-command ${login.replace(/[^\w-]/g, '_').toLowerCase()} -->`;
}
/** Whether the comment's author may command Redline; Redline's own comments never do. */
async function admit(context) {
    const { event, viewer } = context;
    if ((0,identity/* isOwnAccount */.H)({ login: event.comment.author }, viewer))
        return false;
    const role = await repositoryRole(context.octokit, event.pr, event.comment.author);
    if (COMMANDING_ROLES.includes(role))
        return true;
    await refuse(context, role);
    return false;
}
/** A notice, and one reply to this person in this pull request, where they wrote, saying who may command. */
async function refuse(context, role) {
    const { event, settings } = context;
    core/* notice */.lm(`@${event.comment.author} (${role}) asked Redline for something; only people with write, maintain or admin ` +
        'permission on the repository can command it.');
    const tag = refusalTag(event.comment.author);
    if (await postedWithTag(context, tag, true))
        return;
    await reply(context, whoMayCommandText(settings.triggerPhrase), tag);
}

// EXTERNAL MODULE: ./src/action/github-host.ts + 7 modules
var github_host = __webpack_require__(21971);
// EXTERNAL MODULE: ./src/action/evidence-notices.ts
var evidence_notices = __webpack_require__(76713);
// EXTERNAL MODULE: ./src/engine/index.ts + 18 modules
var engine = __webpack_require__(95336);
// EXTERNAL MODULE: ./src/github/pulls.ts
var pulls = __webpack_require__(74487);
// EXTERNAL MODULE: ./src/state/marker.ts + 1 modules
var marker = __webpack_require__(89824);
// EXTERNAL MODULE: ./src/state/read-state.ts
var read_state = __webpack_require__(60101);
// EXTERNAL MODULE: ./src/action/check-run.ts + 2 modules
var check_run = __webpack_require__(76962);
;// CONCATENATED MODULE: ./src/commands/check.ts
/** The "Redline" check after a command: the same check run a push review completes (action/check-run.ts). */

function checkOptions(context) {
    const { octokit, event, logger, settings } = context;
    return { octokit, repository: event.pr, logger, failOn: settings.failOn, dryRun: settings.dryRun };
}
/** The reporter a review run by a command begins and finishes. */
function commandCheck(context) {
    return (0,check_run/* checkReporter */.IM)(checkOptions(context));
}
/** Completes the check anew after a command changed the findings or the pause without a review. */
async function checkAfter(context, change) {
    await (0,check_run/* checkAfterCommand */.gf)(checkOptions(context), change);
}

;// CONCATENATED MODULE: ./src/commands/pause.ts
/**
 * `@redline pause` and `resume`: the state in Redline's newest marker says whether pushes are reviewed. No
 * model call.
 */






/**
 * Pause or resume the automatic reviews. A pull request not reviewed yet gets a short review that holds the
 * state, its whole diff still to review.
 */
async function setPaused(context, pause) {
    const { octokit, event, logger, viewer } = context;
    const reviews = await (0,github_reviews/* listReviews */.af)(octokit, event.pr);
    const { state, reviewId } = (0,read_state/* readState */.u)(reviews, viewer, logger);
    const already = (state?.pausedBy !== undefined) === pause;
    if (!already) {
        const next = state ? { ...state, seq: (state.seq ?? 0) + 1 } : await unreviewedState(context);
        if (pause)
            next.pausedBy = event.comment.author;
        else
            delete next.pausedBy;
        const held = reviews.find(r => r.id === reviewId);
        const pr = await (0,pulls/* getPullRequest */.T9)(octokit, event.pr);
        if (held && state) {
            await (0,github_reviews/* updateReviewBody */.wr)(octokit, event.pr, held.id, (0,marker/* withMarker */.Pe)(held.body, (0,marker/* encodeMarker */.$N)(next)));
        }
        else {
            await (0,github_reviews/* createCommentReview */.Ym)(octokit, event.pr, {
                commitSha: pr.headSha,
                body: `**Redline** has not reviewed this pull request yet.\n\n${(0,marker/* encodeMarker */.$N)(next)}`,
                comments: []
            });
        }
        await checkAfter(context, {
            headSha: state ? state.lastReviewedSha : pr.headSha,
            findings: next.findings,
            because: `@${event.comment.author} said ${pause ? 'pause' : 'resume'}.`,
            paused: pause
        });
    }
    await reply(context, pausedText(context.settings.triggerPhrase, pause, already));
}
function pausedText(phrase, pause, already) {
    return pause
        ? `⏸️ Automatic reviews of this pull request are paused${already ? ' already' : ''}. Comment \`${phrase} resume\` to restart them; \`${phrase} review\` still reviews on request.`
        : `▶️ Automatic reviews of this pull request are ${already ? 'already on' : 'on again'}: the next push is reviewed.`;
}
/** The state of a pull request Redline has not reviewed: nothing covered, every file pending. */
async function unreviewedState(context) {
    const pr = await (0,pulls/* getPullRequest */.T9)(context.octokit, context.event.pr);
    return { lastReviewedSha: pr.baseSha, pendingAll: true, findings: [], seq: 1 };
}

// EXTERNAL MODULE: ./src/agent/index.ts + 84 modules
var agent = __webpack_require__(12102);
// EXTERNAL MODULE: ./src/git/git.ts + 10 modules
var git_git = __webpack_require__(98217);
// EXTERNAL MODULE: ./src/github/threads.ts
var github_threads = __webpack_require__(1078);
// EXTERNAL MODULE: ./src/findings/finding.ts
var findings_finding = __webpack_require__(44879);
// EXTERNAL MODULE: ./src/text/untrusted.ts
var untrusted = __webpack_require__(79209);
;// CONCATENATED MODULE: ./src/commands/answer-reply.ts
/**
 * The reply to a question in a finding's thread. Its first line is Redline's record of what was applied (the
 * finding kept or dismissed, and the thread's state); the model's explanation follows, checked and capped,
 * without any sentence in which it claims to have changed findings or threads itself.
 */



/** The model's explanation is a few paragraphs at most. */
const MAX_EXPLANATION_CHARS = 1_500;
const STATE_VERB = /\b(?:dismiss(?:ed|ing)?|resolv(?:ed|ing)|clos(?:ed|ing)|re-?open(?:ed|ing)?|delet(?:ed|ing)|approv(?:ed|ing)|withdr(?:awn|ew)|mark(?:ed|ing))\b/i;
const STATE_OBJECT = /\b(?:findings?|threads?|reviews?|comments?|issues?)\b/i;
function threadLine(thread, dismissed) {
    switch (thread) {
        case 'resolved':
            return dismissed ? 'Its thread is resolved.' : 'Its thread is resolved already.';
        case 'open':
            return 'Its thread stays open.';
        case 'not resolved':
            return 'Its thread could not be resolved with this token: resolve it by hand.';
        case 'unknown':
            return '';
    }
}
/** The first line: only the thread's own finding, and only what was done to it. */
function appliedLine(finding, dismissed, thread) {
    const title = (0,untrusted/* cleanUntrusted */.o)(finding.title.replace(/\s+/g, ' '), { maxChars: 200 }).replace(/[*_`]/g, '');
    const what = `**${title}** (\`${(0,findings_finding/* findingLocation */.$R)(finding).replace(/`/g, '')}\`)`;
    const head = dismissed
        ? `**Dismissed:** ${what}.`
        : `**Kept:** ${what}, ${finding.status === 'open' ? 'still open' : `already ${finding.status}`}.`;
    return `${head} ${threadLine(thread, dismissed)}`.trim();
}
/** The model's text without the sentences that claim a change to findings or threads: only code makes one. */
function withoutStateClaims(text) {
    const sentences = (0,reply_check/* sentencesOf */.cj)(text);
    const kept = sentences.filter(s => !(STATE_VERB.test(s) && STATE_OBJECT.test(s)));
    return { text: kept.join(''), dropped: sentences.length - kept.length };
}
/** The model's one-line reason for a dismissal, checked like the rest; empty when nothing of it is left. */
function whyLine(reason, instructions) {
    const why = withoutStateClaims((0,reply_check/* checkReply */.xk)(reason, { instructions, maxChars: 300 }).text).text.trim();
    return why === '' ? '' : `Why: ${why}`;
}
function answerReply(input) {
    const { answer, instructions } = input;
    // Instruction text first, so that a quoted instruction counts as withheld rather than as a claim.
    const checked = (0,reply_check/* checkReply */.xk)(answer.reply, { instructions, maxChars: MAX_EXPLANATION_CHARS }).text;
    const claims = withoutStateClaims(checked);
    const explanation = claims.text.trim();
    const notes = [
        ...(claims.dropped > 0
            ? [
                `_(${claims.dropped} sentence${claims.dropped === 1 ? '' : 's'} about changing findings or threads ` +
                    'left out: the first line says what was done.)_'
            ]
            : []),
        ...(answer.inText ? ['_No verdict was given, so the finding is kept._'] : []),
        ...(input.dismissed ? [whyLine(answer.reason, instructions)] : [])
    ];
    return [appliedLine(input.finding, input.dismissed, input.thread), explanation, ...notes]
        .filter(part => part.trim() !== '')
        .join('\n\n');
}

;// CONCATENATED MODULE: ./src/commands/thread-answer.ts
/**
 * A question in one of Redline's finding threads: a short model run keeps the finding or dismisses it. Only
 * the answer tool can dismiss, and only the thread's own finding; the reply's first line is written from what
 * was applied, never from the model's words.
 */















/**
 * Answers a question asked in a review thread. In a thread Redline did not open, one line saying where it
 * answers; for a finding its state no longer holds, one line saying so. The question counts as a reply
 * answered, so the next re-review does not answer it again.
 */
async function answerInThread(context) {
    const found = await findingThreadOf(context);
    if (found === 'not ours')
        return reply(context, notOurThreadText(context.settings.triggerPhrase));
    if (found === 'gone')
        return reply(context, FINDING_GONE_TEXT);
    const answered = await askTheModel(context, found);
    const answer = answered.answer;
    const dismissed = answer.verdict === 'dismiss' && found.finding.status === 'open';
    const next = await saveState(context, found, dismissed ? answer.reason : undefined);
    const thread = dismissed
        ? await resolveThreadOf(context, found.openingId)
        : await threadStateOf(context, found.openingId);
    const text = answerReply({
        finding: found.finding,
        dismissed,
        thread,
        answer,
        instructions: answered.instructions
    });
    await reply(context, text, '', answered.instructions);
    if (dismissed) {
        await checkAfter(context, {
            headSha: next.lastReviewedSha,
            findings: next.findings,
            because: `@${context.event.comment.author}'s question in a thread dismissed: ${found.finding.title}`,
            paused: next.pausedBy !== undefined
        });
    }
}
async function findingThreadOf(context) {
    const { octokit, event, logger, viewer } = context;
    const openingId = event.comment.threadOf;
    const comments = await (0,github_reviews/* listPullRequestComments */.Ht)(octokit, event.pr);
    const opening = comments.find(c => c.id === openingId);
    const findingId = opening && (0,identity/* isOwnAccount */.H)(opening.user, viewer) ? (0,marker/* findingIdOf */.AW)(opening.body) : undefined;
    if (!findingId)
        return 'not ours';
    const reviews = await (0,github_reviews/* listReviews */.af)(octokit, event.pr);
    const { state, reviewId } = (0,read_state/* readState */.u)(reviews, viewer, logger);
    const finding = state?.findings.find(f => f.id === findingId);
    const held = reviews.find(r => r.id === reviewId);
    if (!state || !finding || !held)
        return 'gone';
    return { openingId, comments, finding, state, held };
}
/** The model's answer, at the commit the finding's lines are at. A run that ends without one throws. */
async function askTheModel(context, found) {
    const { event, logger, settings } = context;
    const { state, finding, openingId } = found;
    const pr = await (0,pulls/* getPullRequest */.T9)(context.octokit, event.pr);
    const git = (0,git_git/* createGit */.lD)(context.workspace, logger);
    await (0,github_host/* fetchPullHead */.C9)(git, event.pr.prNumber, state.lastReviewedSha, logger);
    const thread = found.comments
        .filter(c => c.id === openingId || c.in_reply_to_id === openingId)
        .map(c => ({ author: c.user?.login ?? 'unknown', body: c.body }));
    const answered = await (0,agent/* answerQuestion */.pt)(settings, {
        git,
        headSha: state.lastReviewedSha,
        baseSha: pr.baseSha,
        prFiles: [],
        question: { finding, thread },
        logger
    });
    if (answered.answer)
        return answered;
    const { run } = answered;
    const why = run.failure
        ? (0,engine/* failureLine */.Pu)({ end: { kind: 'fatal', error: run.failure }, findings: [], usage: run.usage, notes: [] }, engine/* ACTION_WORDS */.dC)
        : 'the model ended without an answer';
    throw new Error(`no answer to the question (${why})`);
}
/** The newest marker, with the question counted as seen and, for a dismissal, the thread's finding dismissed. */
async function saveState(context, found, dismissedFor) {
    const { state, held, finding } = found;
    const next = {
        ...state,
        seq: (state.seq ?? 0) + 1,
        repliesSeen: Math.max(state.repliesSeen ?? 0, context.event.comment.id),
        findings: state.findings.map(f => f.id === finding.id && dismissedFor !== undefined
            ? { ...f, status: 'dismissed', note: `dismissed: ${dismissedFor}` }
            : f)
    };
    await (0,github_reviews/* updateReviewBody */.wr)(context.octokit, context.event.pr, held.id, (0,marker/* withMarker */.Pe)(held.body, (0,marker/* encodeMarker */.$N)(next)));
    return next;
}
/** Resolves a thread where the token may; without contents: write GitHub refuses, and the reply says so. */
async function resolveThreadOf(context, openingId) {
    try {
        const thread = await threadOf(context, openingId);
        if (!thread)
            return 'unknown';
        if (thread.isResolved)
            return 'resolved';
        const resolved = await (0,github_threads/* resolveThread */.fk)(context.octokit, context.graphqlUrl, thread.threadId);
        return resolved ? 'resolved' : 'not resolved';
    }
    catch (error) {
        context.logger.warning(`Could not resolve the thread: ${(0,errors/* errorMessage */.gJ)(error)}`);
        return 'not resolved';
    }
}
async function threadStateOf(context, openingId) {
    try {
        const thread = await threadOf(context, openingId);
        return thread ? (thread.isResolved ? 'resolved' : 'open') : 'unknown';
    }
    catch (error) {
        context.logger.warning(`Could not read the thread: ${(0,errors/* errorMessage */.gJ)(error)}`);
        return 'unknown';
    }
}
async function threadOf(context, openingId) {
    const threads = await (0,github_threads/* findThreadsByCommentId */.yf)(context.octokit, context.graphqlUrl, context.event.pr, [
        openingId
    ]);
    return threads.get(openingId);
}

// EXTERNAL MODULE: ./src/diff/source.ts
var source = __webpack_require__(32934);
// EXTERNAL MODULE: ./src/github/pull-body.ts
var pull_body = __webpack_require__(73177);
// EXTERNAL MODULE: ./src/publish/description-section.ts
var description_section = __webpack_require__(26903);
;// CONCATENATED MODULE: ./src/commands/describe.ts
/**
 * `@redline describe`: a description of the pull request written into its body, in Redline's own section
 * between hidden markers (publish/description-section.ts), so what the author wrote stays as it is.
 */









/** Writes the description; returns the reply to the command. Throws when the model wrote none. */
async function describeNow(context) {
    const { settings, octokit, pr: ref, logger } = context;
    if (settings.describe === 'off') {
        return 'Writing pull request descriptions is off in this repository (the `describe` setting).';
    }
    const pr = await (0,pulls/* getPullRequest */.T9)(octokit, ref);
    const git = (0,git_git/* createGit */.lD)(context.workspace, logger);
    await (0,github_host/* fetchPullHead */.C9)(git, ref.prNumber, pr.headSha, logger);
    const mergeBaseSha = await (0,pulls/* getMergeBase */.sT)(octokit, ref, pr.baseSha, pr.headSha).catch((error) => {
        logger.warning(`The compare API did not give the merge base (${(0,errors/* errorMessage */.gJ)(error)}); asking git.`);
        return undefined;
    });
    const diff = await (0,source/* loadPullDiff */.z)({
        git,
        headSha: pr.headSha,
        baseSha: pr.baseSha,
        ...(mergeBaseSha ? { mergeBaseSha } : {}),
        logger,
        fallback: () => (0,pulls/* listPullFiles */.pG)(octokit, ref)
    });
    const described = await (0,agent/* describeWithModel */.RQ)(settings, {
        git,
        headSha: pr.headSha,
        baseSha: mergeBaseSha ?? pr.baseSha,
        prFiles: diff.files,
        title: pr.title,
        authorText: (0,description_section/* authorText */.D7)(pr.body),
        logger
    });
    if (!described.description) {
        const why = described.run.failure ? (0,errors/* errorMessage */.gJ)(described.run.failure) : 'the model ended without one';
        throw new Error(`no description was written (${why})`);
    }
    if (settings.dryRun) {
        logger.info(`Dry run: the description was not written. It would read:\n${described.description}`);
        return 'The description was written but, on a dry run, not put into the pull request.';
    }
    // Read again just before writing: the author may have edited the body while the model wrote.
    const now = await (0,pulls/* getPullRequest */.T9)(octokit, ref);
    await (0,pull_body/* updatePullBody */.N)(octokit, ref, (0,description_section/* withDescription */.BA)(now.body, described.description, described.instructions));
    return `📝 The description of this pull request now has Redline's section; what the author wrote is kept.`;
}
/** The command: the description, then the reply. A dry run posts neither; the log shows both. */
async function describeCommand(context) {
    const text = await describeNow({ ...context, pr: context.event.pr });
    if (context.settings.dryRun)
        context.logger.info(`Dry run: no reply posted. It would say: ${text}`);
    else
        await reply(context, text);
}

;// CONCATENATED MODULE: ./src/commands/command-run.ts
/**
 * An `@redline` command carried out for an admitted author. A review command runs the engine with the GitHub
 * host, as a push does; pause and resume change the state in Redline's marker; help and unknown words get a
 * fixed reply; a question in a thread gets an answer there.
 */














/** Runs the command, with 👀 on the comment first. Returns the line to fail the step with, or undefined. */
async function runCommand(context, command) {
    const { event, logger } = context;
    await reactWithEyes(context.octokit, event.pr, {
        id: event.comment.id,
        inThread: event.comment.threadOf !== undefined
    }).catch((error) => logger.warning(`Could not react to the comment: ${(0,errors/* errorMessage */.gJ)(error)}`));
    try {
        return await carryOut(context, command);
    }
    catch (error) {
        const line = `Redline failed: ${(0,errors/* errorMessage */.gJ)(error)}`;
        // A dry run posts nothing; the step's line says what went wrong.
        if (!context.settings.dryRun)
            await reply(context, line).catch(() => undefined);
        return line;
    }
}
async function carryOut(context, command) {
    const phrase = context.settings.triggerPhrase;
    switch (command.kind) {
        case 'review':
        case 'full review':
            return reviewNow(context, command.kind === 'full review');
        case 'pause':
        case 'resume':
            await setPaused(context, command.kind === 'pause');
            return undefined;
        case 'help':
            await reply(context, helpText(phrase));
            return undefined;
        case 'describe':
            await describeCommand(context);
            return undefined;
        case 'other':
            // In a review thread, a question; in the conversation, words that are no command.
            if (context.event.comment.threadOf !== undefined)
                await answerInThread(context);
            else
                await reply(context, unknownCommandText(phrase));
            return undefined;
    }
}
/** A review now, as a push would run it (or of the whole pull request again), through the one engine. */
async function reviewNow(context, full) {
    const settings = full ? { ...context.settings, fullReview: true } : context.settings;
    const host = (0,github_host/* gitHubHost */.E5)({
        settings,
        request: { kind: 'comment', pr: context.event.pr, full },
        octokit: context.octokit,
        graphqlUrl: context.graphqlUrl,
        workspace: context.workspace,
        ...(context.run ? { run: context.run } : {})
    });
    const check = commandCheck(context);
    await check.begin((await (0,pulls/* getPullRequest */.T9)(context.octokit, context.event.pr)).headSha);
    const outcome = await (0,engine/* review */.NQ)(host, settings, context.logger);
    if (outcome.headSha)
        await check.finish(outcome.headSha, (0,check_run/* checkInputOf */.W0)(outcome, settings.failOn));
    (0,evidence_notices/* noticeChecksNotRun */.w)(outcome.evidence);
    const failure = (0,engine/* failureLine */.Pu)(outcome, engine/* ACTION_WORDS */.dC);
    if (failure) {
        await reply(context, `The review failed: ${failure}`).catch(() => undefined);
        return failure;
    }
    if (outcome.end.kind === 'skipped') {
        core/* notice */.lm(outcome.end.reason);
        // An earlier attempt of this job posted the review: the command was answered then.
        if (outcome.delivered === undefined)
            await reply(context, outcome.end.reason);
    }
    else if (outcome.delivered?.reviewUrl) {
        core/* info */.pq(`Review posted: ${outcome.delivered.reviewUrl}`);
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/commands/comment-event.ts
var comment_event = __webpack_require__(11378);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 7 modules
var schemas = __webpack_require__(12311);
;// CONCATENATED MODULE: ./src/commands/fork-thread.ts
/**
 * A question in a review thread of a fork's pull request, on a run without the key. GitHub runs
 * `pull_request_review_comment` for a fork's pull request like `pull_request`: no secrets and a read-only
 * token, so there is no key to answer with and no way to reply. That is how GitHub runs such events, not a
 * mistake in the workflow, so the run ends with a notice saying what works instead, and passes.
 */


const threadComment = schemas/* object */.Ikc({
    pull_request: schemas/* object */.Ikc({ number: schemas/* number */.aig().int().positive() }),
    comment: schemas/* object */.Ikc({ body: schemas/* string */.YjP().nullish() })
});
/**
 * The notice to end with, or undefined when the run is not a fork's thread comment that mentions the trigger
 * phrase on a run without the key (comments that do not mention it are left to the usual path, which ignores
 * them).
 */
function forkThreadWithoutKey(eventName, payload, read) {
    if (eventName !== 'pull_request_review_comment' || !(0,action_event/* isForkPullRequest */.B7)(payload))
        return undefined;
    const provider = read('provider').trim();
    if (read('anthropic-api-key').trim() !== '' || (provider !== '' && provider !== 'anthropic'))
        return undefined;
    const parsed = threadComment.safeParse(payload);
    const phrase = read('trigger-phrase').trim() || '@redline';
    // As the workflow's contains(): a mention anywhere, in any case.
    if (!parsed.success || !(parsed.data.comment.body ?? '').toLowerCase().includes(phrase.toLowerCase()))
        return undefined;
    return (`PR #${parsed.data.pull_request.number} comes from a fork, and GitHub gives pull_request_review_comment ` +
        "runs for a fork's pull request no secrets and a read-only token, so there is no anthropic-api-key and " +
        `no answer in the thread. Commands in a top-level comment of the pull request (${phrase} review, ` +
        `${phrase} full review, ${phrase} pause, ${phrase} resume) run under issue_comment, which gets the ` +
        "repository's secrets.");
}

;// CONCATENATED MODULE: ./src/commands/parse.ts
/** The part of a comment read for a command. GitHub's own limit on a comment is 65,536 characters. */
const MAX_COMMENT_CHARS = 64 * 1024;
const BACKTICK = 96;
/**
 * A line with its inline code spans blanked out, as CommonMark reads them: a run of n backticks opens a span
 * that the next run of exactly n closes, and an opening run with no such close is literal. One pass to find
 * the runs, one from the last to the first to link each run to the next of its length, one to blank.
 */
function withoutCodeSpans(line) {
    const runs = [];
    for (let i = 0; i < line.length;) {
        if (line.charCodeAt(i) !== BACKTICK) {
            i++;
            continue;
        }
        const start = i;
        while (i < line.length && line.charCodeAt(i) === BACKTICK)
            i++;
        runs.push({ start, length: i - start });
    }
    if (runs.length < 2)
        return line;
    const nextOfLength = new Array(runs.length);
    const latest = new Map();
    for (let k = runs.length - 1; k >= 0; k--) {
        const { length } = runs[k];
        nextOfLength[k] = latest.get(length) ?? -1;
        latest.set(length, k);
    }
    let text = '';
    let from = 0;
    for (let k = 0; k < runs.length;) {
        const close = nextOfLength[k];
        if (close === -1) {
            k++;
            continue;
        }
        const closing = runs[close];
        text += `${line.slice(from, runs[k].start)} `;
        from = closing.start + closing.length;
        k = close + 1;
    }
    return text + line.slice(from);
}
/** What a comment says outside code and quotes: fenced blocks, inline code spans and quoted lines left out. */
function speakingText(body) {
    const lines = [];
    let fence;
    for (const line of body.slice(0, MAX_COMMENT_CHARS).replace(/\r\n?/g, '\n').split('\n')) {
        const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
        if (fence !== undefined) {
            if (marker && marker[0] === fence[0] && marker.length >= fence.length)
                fence = undefined;
            lines.push('');
        }
        else if (marker) {
            fence = marker;
            lines.push('');
        }
        else {
            lines.push(/^\s{0,3}>/.test(line) ? '' : withoutCodeSpans(line));
        }
    }
    return lines.join('\n');
}
function escapeRegex(text) {
    return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
/** The text without the punctuation it ends with, by a scan from the end (a pattern anchored at $ is not). */
function withoutTrailingPunctuation(text) {
    let end = text.length;
    while (end > 0 && '.!?,;:'.includes(text.charAt(end - 1)))
        end--;
    return text.slice(0, end);
}
/**
 * The command a comment gives, or undefined when it does not mention the phrase as a whole word (any case,
 * outside code and quoted lines). The words after the phrase, on its line, say which command.
 */
function commandIn(body, phrase) {
    // One character class or the start, then the phrase: constant work at each position of the text.
    const mention = new RegExp(`(^|[^\\w@./-])${escapeRegex(phrase.trim())}(?![\\w-])`, 'i');
    const text = speakingText(body);
    const match = mention.exec(text);
    if (!match)
        return undefined;
    const after = text.slice(match.index + match[0].length);
    const words = withoutTrailingPunctuation((after.split('\n', 1)[0] ?? '').trim().toLowerCase())
        .trim()
        .replace(/\s+/g, ' ');
    if (words === 'review')
        return { kind: 'review' };
    if (words === 'full review')
        return { kind: 'full review' };
    if (words === 'pause')
        return { kind: 'pause' };
    if (words === 'resume')
        return { kind: 'resume' };
    if (words === 'help' || words === '')
        return { kind: 'help' };
    if (words === 'describe')
        return { kind: 'describe' };
    return { kind: 'other', text: after.trim() };
}

;// CONCATENATED MODULE: ./src/commands/index.ts
/**
 * The comment commands' front door: the Action run on an `issue_comment` or `pull_request_review_comment`
 * event. It reads the comment and the settings, and carries out the command the comment gives, if any.
 */
















/**
 * A comment event: the command it gives, if any, carried out. The cheap checks come first (a bot, the phrase,
 * read in one pass), then the author's permission; only then is the configuration read and the command run.
 */
async function onComment(eventName, logger) {
    const payload = (0,event_file/* readEventPayload */.N5)(process.env['GITHUB_EVENT_PATH']);
    const found = (0,comment_event/* commentEventOf */.nw)(eventName, payload, (0,action_event/* parseRepository */.SU)(process.env['GITHUB_REPOSITORY']));
    if ('skip' in found)
        return core/* notice */.lm(found.skip);
    // Before the settings: a bot's comment does nothing, whatever the workflow gives the run.
    if (found.event.comment.byBot)
        return logger.info(`Ignoring a comment by ${found.event.comment.author}.`);
    const read = (name) => core/* getInput */.V4(name);
    const forkThread = forkThreadWithoutKey(eventName, payload, read);
    if (forkThread)
        return core/* notice */.lm(forkThread);
    const inputs = (0,action_inputs/* readSettings */.sb)(read);
    for (const secret of (0,action_inputs/* secretsOf */.Fj)(inputs))
        core/* setSecret */.Pq(secret);
    const { event } = found;
    const command = commandIn(event.comment.body, inputs.triggerPhrase);
    if (!command)
        return logger.info(`The comment does not mention ${inputs.triggerPhrase}; nothing to do.`);
    const octokit = (0,client/* createOctokit */.Qi)(inputs.githubToken, logger);
    const graphqlUrl = (0,client/* graphqlUrlFromEnv */.Qk)();
    const viewer = await (0,identity/* fetchViewerLogin */._)(octokit, graphqlUrl);
    const workspace = process.env['GITHUB_WORKSPACE'] || process.cwd();
    const admitting = { settings: inputs, event, octokit, graphqlUrl, workspace, logger, viewer };
    if (!(await admit(admitting)))
        return;
    if (await answered(admitting))
        return core/* notice */.lm(`Comment ${event.comment.id} was already answered; nothing to do again.`);
    // A command runs under the repository's configuration, read at the base as for a push.
    const { config, organisation } = await logger.group('Read the configuration', async () => {
        const request = { kind: 'comment', pr: event.pr, full: false };
        const config = await (0,repository_config/* loadRepositoryConfig */.P)(octokit, request, workspace, logger);
        const report = { logger, notice: (message) => core/* notice */.lm(message) };
        return { config, organisation: await (0,repository_config/* loadOrganisationConfig */.N)(octokit, event.pr, inputs, config, report) };
    });
    const context = { ...admitting, settings: (0,action_inputs/* readSettings */.sb)(read, config, organisation), run: (0,workflow_run/* thisRun */.o)() };
    const failure = await runCommand(context, command);
    if (failure)
        core/* setFailed */.C1(failure);
}
/** The door: a comment event handled, and any failure the step's one failure line. */
async function runOnComment(eventName) {
    try {
        await onComment(eventName, logger/* actionsLogger */.M);
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

/**
 * A pull request that attacks the sandbox from inside its checks, as the issue lists the attacks: each one
 * prints one problem-matcher line (`held`/`works`, or `BROKEN`/`FAILED` with what it got) on a changed line,
 * so what each saw reaches the test through the review's own path. Limits are tried by checks of their own.
 */

/** Every planted secret holds this, so a check (and every sink) can be searched for all of them at once. */
export const CANARY = 'canary7'

const SAY = [
  'n=0',
  // Where this script was started from: the action itself, outside a sandbox.
  'export ATTACKS_PARENT=$PPID',
  'say() { n=$((n+1)); echo "probe/p$(( (n-1)/20 )).ts:$(( (n-1)%20+1 )): $1 $2"; }',
  // try: the attack must fail; works: what a check needs must succeed.
  'try() { name=$1; shift; if out=$("$@" 2>&1); then say "$name" "BROKEN $(printf %s "$out" | head -c 150 | tr "\\n" " ")"; else say "$name" held; fi; }',
  'works() { name=$1; shift; if out=$("$@" 2>&1); then say "$name" works; else say "$name" "FAILED $(printf %s "$out" | head -c 150 | tr "\\n" " ")"; fi; }'
]

const CONNECT = (target: string): string =>
  `node -e 'const c=require("net").connect(${target});c.setTimeout(3000,()=>process.exit(1));c.on("connect",()=>{c.end("${CANARY}-carried");console.log("connected")});c.on("error",e=>{console.error(e.code);process.exit(1)})'`

export const ATTACKS = [
  ...SAY,
  `try env-secrets sh -c 'env | grep ${CANARY}'`,
  `try proc-environ sh -c 'cat /proc/[0-9]*/environ 2>/dev/null | tr "\\0" "\\n" | grep ${CANARY}'`,
  // The pattern is put together by builtins, so that no command line of the check's own holds it.
  `printf '%s%s\\n' ${CANARY.slice(0, 3)} ${CANARY.slice(3)} > /tmp/canary`,
  `try proc-cmdline sh -c 'cat /proc/[0-9]*/cmdline 2>/dev/null | tr "\\0" "\\n" | grep -f /tmp/canary'`,
  `try proc-1-root sh -c 'ls "/proc/1/root$ATTACK_WORKSPACE/.git"'`,
  `try proc-1-cwd sh -c 'ls /proc/1/cwd/.git'`,
  `try ppid-cwd sh -c 'ls "/proc/$ATTACKS_PARENT/cwd/.git"'`,
  `try workspace-git-config cat "$ATTACK_WORKSPACE/.git/config"`,
  'try git-C git -C "$ATTACK_WORKSPACE" config --get-all http.https://github.com/.extraheader',
  `try cd-trick sh -c 'cd "$ATTACK_WORKSPACE" && cat .git/config'`,
  `try cd-up sh -c 'cd ../../../../.. && find . -maxdepth 7 -path "*/.git/config" 2>/dev/null | grep .'`,
  'try link-in-head cat leak-git-config',
  `try link-made sh -c 'ln -s "$ATTACK_WORKSPACE/.git/config" made-link && cat made-link'`,
  `try runner-temp sh -c 'cat "$ATTACK_RUNNER_TEMP"/git-credentials-*.config'`,
  `try runner-home sh -c 'cat "$ATTACK_HOME/.git-credentials"'`,
  'try event-file cat "$GITHUB_EVENT_PATH"',
  `try github-output sh -c 'echo findings-open=0 >> "$ATTACK_GITHUB_OUTPUT"'`,
  `try github-env sh -c 'echo NODE_OPTIONS=--require=/x >> "$ATTACK_GITHUB_ENV"'`,
  `try github-path sh -c 'echo /evil >> "$ATTACK_GITHUB_PATH"'`,
  'try tool-cache-write touch "$RUNNER_TOOL_CACHE/left-by-check"',
  'works tool-cache-read ls "$RUNNER_TOOL_CACHE/node"',
  `try host-tcp ${CONNECT('+process.env.ATTACK_PORT,"127.0.0.1"')}`,
  `try host-unix-socket ${CONNECT('process.env.ATTACK_SOCKET')}`,
  `try docker-socket ${CONNECT('process.env.ATTACK_DOCKER')}`,
  'try outside-dns getent hosts example.com',
  'try resolver cat /etc/resolv.conf',
  'works localhost-name getent hosts localhost',
  `works own-loopback node -e 'const n=require("net");const s=n.createServer(c=>c.end("hi")).listen(0,"127.0.0.1",()=>n.connect(s.address().port,"localhost").on("data",d=>{console.log(String(d));process.exit(0)}))'`,
  `try dev-shm-host sh -c 'ls /dev/shm | grep ${CANARY}'`,
  'echo from-check > "/dev/shm/left-by-check-$ATTACK_PORT"',
  'echo from-check > /tmp/left-by-check',
  'echo from-check > "$HOME/left-by-check"',
  `try loop-device sh -c 'ls /dev/loop-control /dev/loop0'`,
  `try core-pattern sh -c 'echo "|/tmp/x" > /proc/sys/kernel/core_pattern'`,
  'try cgroup-files ls /sys/fs/cgroup',
  'try kill-outside kill -0 "$ATTACK_VICTIM"',
  // Reads the victim's first mapped page, as a debugger would.
  `try proc-mem-outside python3 -c 'import sys; p = sys.argv[1]; a = int(open(f"/proc/{p}/maps").readline().split("-")[0], 16); f = open(f"/proc/{p}/mem", "rb"); f.seek(a); print(f.read(4))' "$ATTACK_VICTIM"`,
  `try setuid-root sh -c 'grep -q "NoNewPrivs:.*0" /proc/self/status && echo "no_new_privs is off"'`,
  `try capabilities sh -c 'grep -E "^Cap(Eff|Prm|Bnd)" /proc/self/status | grep -v 0000000000000000'`,
  'try user-namespace unshare -Ur true',
  `try root-inside sh -c '[ "$(id -u)" = 0 ] && echo root'`,
  'try dot-git ls .git',
  `works node node -e 'console.log(process.version)'`,
  `works python3 python3 -c 'print(1)'`,
  'works java java -version',
  'works git git --version',
  `works setsid-start sh -c 'setsid sh -c "sleep 3; echo findings-open=0 >> \\"$ATTACK_GITHUB_OUTPUT\\"; sleep 300; :" redline-leftover-${CANARY} > /dev/null 2>&1 & echo started'`,
  ''
].join('\n')

/** Each limit, tried at a small value by a check of its own; the last line on stderr is the figure. */
export const LIMIT_SCRIPTS = {
  'scripts/fork-storm.sh': [
    // The count is kept with builtins only: once the limit holds, nothing more can be forked.
    '( i=0; while [ $i -lt 400 ]; do sleep 20 & i=$((i+1)); echo $i > /tmp/count; done ) 2>/dev/null',
    'read started < /tmp/count',
    'echo "forks refused after $started processes" >&2',
    'exit 3',
    ''
  ].join('\n'),
  'scripts/memory-grab.sh': [
    'node -e \'const a=[];for(let n=1;;n++){a.push(Buffer.alloc(1<<20,1));require("fs").writeFileSync("/tmp/held",String(n))}\'',
    'status=$?',
    'read held < /tmp/held',
    'echo "killed holding $held MiB" >&2',
    'exit $status',
    ''
  ].join('\n'),
  'scripts/big-file.sh': 'head -c 20000000 /dev/zero > big.bin\n',
  'scripts/full-tmp.sh': [
    'head -c 20000000 /dev/zero > /tmp/fill',
    'echo "/tmp took $(stat -c %s /tmp/fill) bytes" >&2',
    'head -c 20000000 /dev/zero > /dev/shm/fill',
    'echo "/tmp took $(stat -c %s /tmp/fill) bytes, /dev/shm $(stat -c %s /dev/shm/fill)" >&2',
    'exit 1',
    ''
  ].join('\n')
}

const MATCHER =
  "    matcher: { owner: probe, pattern: [{ regexp: '^(\\S+):(\\d+): (\\S+) (.*)$', file: 1, line: 2, code: 3, message: 4 }] }"

const limited = (name: string, limits: string): string[] => [
  `  - name: ${name}`,
  `    run: sh scripts/${name}.sh`,
  '    format: problem-matcher',
  MATCHER,
  '    timeout: 1',
  `    limits: { ${limits} }`
]

export const ATTACK_CONFIG = [
  'checks:',
  '  - name: attacks',
  '    run: sh scripts/attacks.sh',
  '    format: problem-matcher',
  MATCHER,
  '    env: [ATTACK_WORKSPACE, ATTACK_RUNNER_TEMP, ATTACK_HOME, GITHUB_EVENT_PATH, ATTACK_PORT, ATTACK_SOCKET,',
  '      ATTACK_DOCKER, ATTACK_VICTIM, ATTACK_GITHUB_OUTPUT, ATTACK_GITHUB_ENV, ATTACK_GITHUB_PATH, RUNNER_TOOL_CACHE]',
  '    timeout: 1',
  ...limited('fork-storm', 'processes: 40'),
  ...limited('memory-grab', 'memory-mb: 96'),
  ...limited('big-file', 'file-size-mb: 4'),
  ...limited('full-tmp', 'tmp-mb: 4'),
  ''
].join('\n')

/** The head: the scripts, a link committed to the workspace's git config, and lines the results land on. */
export function attackHead(): Record<string, string | { symlink: string }> {
  const probe: Record<string, string> = {}
  for (let file = 0; file < 3; file++)
    probe[`probe/p${file}.ts`] = Array.from(
      { length: 20 },
      (_, i) => `export const p${file}_${i} = ${i}\n`
    ).join('')
  return { ...probe, 'leak-git-config': { symlink: '/proc/1/cwd/.git/config' } }
}

import { createHash } from 'node:crypto'

/**
 * Credentials of every form the redactor knows, for tests. Each is assembled from pieces so that this file
 * holds no literal secret for a scanner to report; the values are random-looking but belong to no account.
 */
const join = (...parts: string[]): string => parts.join('')

export interface SecretForm {
  name: string
  /** A line of a file that carries the secret, as it would be committed. */
  line: string
  /** The part that must never reach the model. */
  secret: string
}

const AWS_SECRET = join('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCY', 'EXAMPLEKEY')
const AWS_ENV_SECRET = join('Qx7vT2mPz9', 'LkR4wN8sYb', '3HjF6dGcA1', 'eU5iO0pVtZ')
const SLACK_TOKEN = join('xo', 'xb-', '2837461928374-', '9182736451928-', 'aB3dE5fG7hJ9kL1mN3pQ5rS7')
const SLACK_WEBHOOK = join(
  'hooks.slack',
  '.com/services/',
  'T0A1B2C3D/',
  'B4E5F6G7H/',
  'x9Y8z7W6v5U4t3S2r1Q0p9O8'
)
const STRIPE_LIVE = join('sk', '_live_', '51HcQzK2eZvKYlo2C', '8m3NxJ4pR7tW9aB')
const STRIPE_TEST = join('rk', '_test_', '51HcQzK2eZvKYlo2C', 'q5LmN7bV9cX1zA3')
const STRIPE_WEBHOOK = join('wh', 'sec_', 'Mq8Rt3Vw6Yz9Bc2Ef5Hj8Kn1Pq4St7')
const GOOGLE_KEY = join('AI', 'za', 'SyB3x9Kq2Lm5Np8Rs1Tv4Wy7Zb0Cd3Fg6Hj')
const JWT = join(
  'ey',
  'JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.',
  'ey',
  'JzdWIiOiJyZWRsaW5lLXRlc3QiLCJpYXQiOjE3MDAwMDAwMDB9.',
  'Xk3vQ9mZ2pL7wR4tY8bN1cF6hJ0sD5gA'
)
const DB_PASSWORD = join('pG7', '!tq2', 'Vx9m')
const ADO_PASSWORD = join('Zr4#', 'kW8p', 'Lq2')
const API_TOKEN = join('9f8e7d6c5b4a', '39281706f5e4', 'd3c2b1a09f8e7d6c')
const PASSWORD = join('Tr0ub4dor', '&3Horse', 'Battery9')
const CLIENT_SECRET = join('GOC', 'SPX-', 'q8Wm3Zr7Kt2Lp9Xv4Nb6Hd1Fs5')
const BEARER = join('mF8qZ2', 'xW7pL4', 'vK9rT1', 'nB6yH3cD')
const AWS_ACCESS_KEY = join('AK', 'IA', 'Q3EGRZ7TYW2XK5PD')
const GITHUB_TOKEN = join('gh', 'p_', 'R8vK2mQ9xL4tW7nB3', 'cY6hJ1sD5fG0aZ8pE4u')
const ANTHROPIC_KEY = join('sk-', 'ant-', 'api03-', 'Zq8Wm3Rt7Kx2Lp9Vn4Bj6Hd1Fs5Gc0Ya')

export const SECRET_FORMS: SecretForm[] = [
  { name: 'AWS secret access key', line: `aws_secret_access_key = '${AWS_SECRET}'`, secret: AWS_SECRET },
  {
    name: 'AWS secret in an env file',
    line: `AWS_SECRET_ACCESS_KEY=${AWS_ENV_SECRET}`,
    secret: AWS_ENV_SECRET
  },
  { name: 'AWS access key id', line: `aws_access_key_id = ${AWS_ACCESS_KEY}`, secret: AWS_ACCESS_KEY },
  { name: 'token assignment', line: `export const API_TOKEN = "${API_TOKEN}"`, secret: API_TOKEN },
  { name: 'password in YAML', line: `  password: "${PASSWORD}"`, secret: PASSWORD },
  { name: 'client secret in JSON', line: `  "client_secret": "${CLIENT_SECRET}",`, secret: CLIENT_SECRET },
  { name: 'Slack token', line: `SLACK_BOT = '${SLACK_TOKEN}'`, secret: SLACK_TOKEN },
  { name: 'Slack webhook', line: `const hook = 'https://${SLACK_WEBHOOK}'`, secret: SLACK_WEBHOOK },
  { name: 'Stripe live key', line: `stripe.key = '${STRIPE_LIVE}'`, secret: STRIPE_LIVE },
  { name: 'Stripe restricted test key', line: `const stripeKey = '${STRIPE_TEST}'`, secret: STRIPE_TEST },
  { name: 'Stripe webhook secret', line: `webhook: ${STRIPE_WEBHOOK}`, secret: STRIPE_WEBHOOK },
  { name: 'Google API key', line: `const maps = { key: '${GOOGLE_KEY}' }`, secret: GOOGLE_KEY },
  { name: 'JSON Web Token', line: `const session = '${JWT}'`, secret: JWT },
  {
    name: 'connection string',
    line: `DATABASE_URL=postgres://app:${DB_PASSWORD}@db.internal:5432/app`,
    secret: DB_PASSWORD
  },
  {
    name: 'ADO.NET connection string',
    line: `const conn = "Server=db.internal;User Id=app;Password=${ADO_PASSWORD};"`,
    secret: ADO_PASSWORD
  },
  {
    name: 'bearer token',
    line: `curl -H "Authorization: Bearer ${BEARER}" https://api.example.com`,
    secret: BEARER
  },
  { name: 'GitHub token', line: `const gh = '${GITHUB_TOKEN}'`, secret: GITHUB_TOKEN },
  { name: 'Anthropic key', line: `ANTHROPIC_KEY=${ANTHROPIC_KEY}`, secret: ANTHROPIC_KEY }
]

/** The body of a generated (and never used) RSA key, wrapped at 64 columns as PEM is. */
const KEY_BODY = [
  join('MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun', ''),
  join('VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK', ''),
  join('LxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW/VDL5AaWTg0nLVkjRo', ''),
  join('9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ0iT9wCS0DRTXu269V264Vf/3jvre', '')
]

export const PRIVATE_KEY_SECRETS = KEY_BODY

/** An id_rsa as it would be committed. */
export const PRIVATE_KEY_FILE = [
  join('-----BEGIN RSA ', 'PRIVATE KEY-----'),
  ...KEY_BODY,
  join('-----END RSA ', 'PRIVATE KEY-----'),
  ''
].join('\n')

/** `count` lines of key-like base64, 64 columns each, different for each seed. */
export function keyBodyLines(count: number, seed: string): string[] {
  return Array.from({ length: count }, (_, i) =>
    createHash('sha512').update(`${seed}:${i}`).digest('base64').slice(0, 64)
  )
}

/** A PEM private key file around the given body lines. */
export function privateKeyFile(body: string[], type = 'EC'): string {
  return [
    join('-----BEGIN ', type, ' PRIVATE KEY-----'),
    ...body,
    join('-----END ', type, ' PRIVATE KEY-----'),
    ''
  ].join('\n')
}

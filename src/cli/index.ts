#!/usr/bin/env node
import { runCli } from './run.js'

process.exitCode = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdout: text => void process.stdout.write(text),
  stderr: text => void process.stderr.write(text)
})

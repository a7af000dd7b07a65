// Drives a GTP engine with Sabaki's own controller, the npm package @sabaki/gtp, as Sabaki does: a whole 5x5 game
// by genmove, and after some moves a live analysis (kata-analyze, lz-analyze, analyze) that is interrupted by the
// next command once it has streamed a few lines, plus a kata-genmove_analyze. Usage:
//   node sabaki-gtp.js ENGINE [ARG...]
// Prints one fact per line for the JUnit test to check:
//   move COLOR VERTEX                  each genmove's answer
//   reply COMMAND error=BOOL lines=N   a streamed reply, as @sabaki/gtp's Response saw it when it ended
//   info COMMAND ORDER MOVE VISITS WINRATE PRIOR PV...   each info group of an analysis's last line, parsed as
//                                      Sabaki does (split on "info", key-value pairs, pv to the end)
//   ownership COMMAND VALUE...         the ownership field of an analysis's last line (nothing when absent)
//   interrupt COMMAND REPLY            the reply to the command that interrupted an analysis
//   play VERTEX                        the move a genmove_analyze reported
//   score RESULT                       final_score
//   dead VERTEX...                     final_status_list dead, every chain on one line
const {Controller} = require('@sabaki/gtp')

const [engine, ...engineArgs] = process.argv.slice(2)
const out = line => console.log(line)

function parseInfo(line) {
  return line.split(/\s*info\s+/).slice(1).map(group => {
    const tokens = group.replace(/\s+rootInfo\s.*$/, '').trim().split(/\s+/)
    const info = {}
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i] === 'pv') {
        info.pv = tokens.slice(i + 1)
        break
      }
      info[tokens[i]] = tokens[++i]
    }
    return info
  })
}

async function ok(controller, name, args = []) {
  const response = await controller.sendCommand({name, args})
  if (response.error) throw new Error(`${name} ${args.join(' ')}: ${response.content}`)
  return response.content
}

// Starts an analysis, waits for `count` info lines, then sends `interrupter` as Sabaki does when the user acts.
async function analyseThenInterrupt(controller, name, args, count, interrupter) {
  const lines = []
  let interrupted = null
  const interrupt = () => {
    if (interrupted == null) interrupted = controller.sendCommand({name: interrupter})
  }
  // Should the search end by itself before `count` lines (it reports once more then), interrupt anyway.
  const fallback = setTimeout(interrupt, 5000)
  const response = await controller.sendCommand({name, args}, ({line}) => {
    if (line.startsWith('info')) lines.push(line)
    if (lines.length === count) interrupt()
  })
  clearTimeout(fallback)
  out(`reply ${name} error=${response.error} lines=${response.content.split('\n').filter(l => l).length}`)
  for (const info of parseInfo(lines[lines.length - 1] || '')) {
    out(['info', name, info.order, info.move, info.visits, info.winrate, info.prior, ...(info.pv || [])].join(' '))
  }
  const last = lines[lines.length - 1] || ''
  const at = last.indexOf(' ownership ')
  out(`ownership ${name} ${at < 0 ? '' : last.slice(at + ' ownership '.length).trim()}`.trim())
  const reply = await interrupted
  out(`interrupt ${interrupter} ${reply.error ? '?' : '='} ${reply.content}`)
}

async function main() {
  const controller = new Controller(engine, engineArgs)
  controller.start()
  try {
    await ok(controller, 'boardsize', ['5'])
    await ok(controller, 'clear_board')
    await ok(controller, 'komi', ['0.5'])
    const commands = (await ok(controller, 'list_commands')).split('\n')
    for (const c of ['kata-analyze', 'lz-analyze', 'analyze', 'kata-genmove_analyze']) {
      if (!commands.includes(c)) throw new Error(`${c} is not listed`)
    }
    let passes = 0
    for (let turn = 0; passes < 2 && turn < 100; turn++) {
      const colour = turn % 2 === 0 ? 'B' : 'W'
      if (turn === 2) await analyseThenInterrupt(controller, 'kata-analyze', [colour, '5', 'rootInfo', 'true',
        'ownership', 'true'], 3, 'name')
      if (turn === 3) await analyseThenInterrupt(controller, 'lz-analyze', [colour, '5'], 2, 'protocol_version')
      if (turn === 4) await analyseThenInterrupt(controller, 'analyze', [colour, '5'], 2, 'version')
      let move
      if (turn === 5) {
        const response = await controller.sendCommand({name: 'kata-genmove_analyze', args: [colour, '1']})
        const lines = response.content.split('\n')
        out(`reply kata-genmove_analyze error=${response.error} lines=${lines.length}`)
        move = lines[lines.length - 1].replace(/^play /, '')
        out(`play ${move}`)
      } else {
        move = await ok(controller, 'genmove', [colour])
      }
      out(`move ${colour} ${move}`)
      if (move.toLowerCase() === 'resign') break
      passes = move.toLowerCase() === 'pass' ? passes + 1 : 0
    }
    out(`score ${await ok(controller, 'final_score')}`)
    out(`dead ${(await ok(controller, 'final_status_list', ['dead'])).split(/\s+/).filter(v => v).join(' ')}`)
  } finally {
    await controller.stop()
  }
}

main().catch(err => {
  console.error(err.stack || String(err))
  process.exit(1)
})

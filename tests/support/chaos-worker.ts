/**
 * One job worker process for the delivery chaos tests (tests/integration/*-chaos.int.test.ts): the app's own worker
 * (lib/jobs/worker.ts) running only the queue it is told (CHAOS_QUEUE: send-sms or send-mail), on DATABASE_URL, with the
 * providers' settings from the environment. The test kills it with SIGKILL at random points, so it has no shutdown.
 */
import { sendMailJob } from '../../lib/jobs/send-mail'
import { sendSmsJob } from '../../lib/jobs/send-sms'
import { startJobWorker } from '../../lib/jobs/worker'

const handler = process.env.CHAOS_QUEUE === 'send-mail' ? sendMailJob : sendSmsJob
await startJobWorker({
  connectionString: process.env.DATABASE_URL!,
  poolMax: 8,
  handlers: [handler as never],
  pollingIntervalSeconds: 0.5,
})
process.send?.('ready')

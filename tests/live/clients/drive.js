// SPDX-License-Identifier: MIT
// kafkajs, driven as a student's program would (tests/live/client_matrix.py runs it with NODE_PATH set to the
// node_modules of scripts/live-clients):
//   node drive.js produce BOOTSTRAP TOPIC PARTITION CLIENT_ID PREFIX COUNT
//   node drive.js consume BOOTSTRAP TOPIC PARTITION CLIENT_ID PREFIX COUNT
//   node drive.js version
// produce sends PREFIX-0 .. PREFIX-(COUNT-1) with acks=all and prints each acknowledged offset, one a line.
// consume prints the values that start with PREFIX from the beginning of the partition, one a line, until it
// has COUNT. kafkajs has no consumer without a group (no assign()): its consumer always joins GROUP
// CLIENT_ID-group, so consume needs the group coordinator's APIs. Any error ends the run with exit status 1
// and one line on standard error, so that a client that cannot work stops instead of looping.
'use strict';

// How long a run may wait for the broker before it gives up; the test bounds the process as well.
const clientTimeoutMs = 45000;

function fail(message) {
  process.stderr.write(`drive.js: ${message}\n`);
  process.exit(1);
}

async function produce(kafka, topic, partition, prefix, count) {
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const messages = [];
  for (let i = 0; i < count; ++i) messages.push({ value: `${prefix}-${i}`, partition });
  // One send per 500 records: kafkajs sends each call as one request and waits for its answer.
  const offsets = [];
  for (let start = 0; start < count; start += 500) {
    const batch = messages.slice(start, start + 500);
    const [metadata] = await producer.send({ topic, acks: -1, timeout: 20000, messages: batch });
    if (metadata.errorCode !== 0) fail(`produce answered error code ${metadata.errorCode}`);
    const base = Number(metadata.baseOffset);
    for (let i = 0; i < batch.length; ++i) offsets.push(base + i);
  }
  await producer.disconnect();
  return offsets;
}

async function consume(kafka, topic, partition, clientId, prefix, count) {
  const consumer = kafka.consumer({ groupId: `${clientId}-group`, retry: { retries: 2 } });
  const read = [];
  let done;
  const finished = new Promise((resolve) => { done = resolve; });
  consumer.on(consumer.events.CRASH, (e) => fail(`consumer crashed: ${e.payload.error.message}`));
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({
    autoCommit: false,
    eachMessage: async ({ partition: p, message }) => {
      const value = message.value.toString();
      if (p === partition && value.startsWith(prefix)) read.push(value);
      if (read.length >= count) done();
    },
  });
  const timer = setTimeout(() => fail(`read ${read.length} of ${count} records in ${clientTimeoutMs / 1000} s`),
    clientTimeoutMs);
  await finished;
  clearTimeout(timer);
  await consumer.disconnect();
  return read;
}

async function main(argv) {
  if (argv.length === 1 && argv[0] === 'version') {
    console.log(require('kafkajs/package.json').version);
    return;
  }
  if (argv.length !== 7 || !['produce', 'consume'].includes(argv[0])) {
    fail('usage: drive.js produce|consume BOOTSTRAP TOPIC PARTITION CLIENT_ID PREFIX COUNT, or drive.js version');
  }
  const [action, bootstrap, topic, partitionText, clientId, prefix, countText] = argv;
  const { Kafka, logLevel } = require('kafkajs');
  const kafka = new Kafka({
    clientId, brokers: bootstrap.split(','), logLevel: logLevel.ERROR, connectionTimeout: 5000,
    retry: { retries: 3 },
  });
  const partition = Number(partitionText);
  const count = Number(countText);
  const lines = action === 'produce' ? await produce(kafka, topic, partition, prefix, count)
    : await consume(kafka, topic, partition, clientId, prefix, count);
  process.stdout.write(lines.map((l) => `${l}\n`).join(''));
}

main(process.argv.slice(2)).then(() => process.exit(0), (e) => fail(`${e.name}: ${e.message}`));

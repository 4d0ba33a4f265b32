// SPDX-License-Identifier: MIT
// Two kafkajs consumers of one group, as group_drive.py runs the Python clients (its docstring says the steps,
// the output and the exit status); tests/live/client_matrix.py (ClientGroups) runs it with NODE_PATH set to the
// node_modules of scripts/live-clients:
//   node group_drive.js BOOTSTRAP TOPIC GROUP PARTITIONS RECORDS
// kafkajs has no position(): a consumer's position in a partition is one past the last offset it was handed
// there, and what it owns is the assignment of its last GROUP_JOIN event.
'use strict';

// The whole run's bound, as group_drive.py's RUN_DEADLINE_S.
const runDeadlineMs = 90000;
const pollMs = 200;

function fail(message) {
  process.stderr.write(`group_drive.js: ${message}\n`);
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function member(kafka, topic, group, clientId, onRecord) {
  const state = { owned: [], position: new Map() };
  const consumer = kafka.consumer({ groupId: group, sessionTimeout: 10000, heartbeatInterval: 1000 });
  consumer.on(consumer.events.GROUP_JOIN, (e) => {
    state.owned = [...(e.payload.memberAssignment[topic] || [])].sort((x, y) => x - y);
  });
  consumer.on(consumer.events.CRASH, (e) => fail(`${clientId} crashed: ${e.payload.error.message}`));
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({
    autoCommit: false,
    eachMessage: async ({ partition, message }) => {
      const offset = Number(message.offset);
      state.position.set(partition, offset + 1);
      onRecord(partition, offset);
    },
  });
  state.consumer = consumer;
  return state;
}

function atEnd(state, partitions, records) {
  return partitions.every((p) => state.position.get(p) === records);
}

async function commit(state, topic, partitions, offset) {
  await state.consumer.commitOffsets(partitions.map((partition) => ({ topic, partition, offset: String(offset) })));
}

async function main(argv) {
  if (argv.length !== 5) fail('usage: group_drive.js BOOTSTRAP TOPIC GROUP PARTITIONS RECORDS');
  const [bootstrap, topic, group, partitionsText, recordsText] = argv;
  const partitions = Number(partitionsText);
  const records = Number(recordsText);
  const every = [...Array(partitions).keys()];
  const deadline = Date.now() + runDeadlineMs;
  const { Kafka, logLevel } = require('kafkajs');
  const kafka = (clientId) => new Kafka({
    clientId, brokers: bootstrap.split(','), logLevel: logLevel.NOTHING, connectionTimeout: 5000,
    retry: { retries: 3 },
  });

  let afterLeave = null;
  const a = await member(kafka(`${group}-a`), topic, group, `${group}-a`, (p, o) => {
    if (afterLeave) afterLeave.push([p, o]);
  });
  const b = await member(kafka(`${group}-b`), topic, group, `${group}-b`, () => {});
  let ownedA;
  let ownedB;
  for (;;) {
    if (Date.now() > deadline) {
      fail(`the group did not split the partitions and read them within ${runDeadlineMs / 1000} s `
        + `(a owns [${a.owned}], b owns [${b.owned}])`);
    }
    await sleep(pollMs);
    ownedA = a.owned;
    ownedB = b.owned;
    const all = [...ownedA, ...ownedB].sort((x, y) => x - y);
    if (ownedA.length && ownedB.length && JSON.stringify(all) === JSON.stringify(every)
      && atEnd(a, ownedA, records) && atEnd(b, ownedB, records)) break;
  }
  await commit(a, topic, ownedA, records);
  await commit(b, topic, ownedB, records / 2);
  afterLeave = [];
  await b.consumer.disconnect();
  for (;;) {
    if (Date.now() > deadline) {
      fail(`after b left, a did not own every partition and read b's within ${runDeadlineMs / 1000} s `
        + `(a owns [${a.owned}], read ${afterLeave.length})`);
    }
    await sleep(pollMs);
    // b's partitions count as read only once a was handed them again after b left.
    if (JSON.stringify(a.owned) === JSON.stringify(every) && atEnd(a, ownedB, records)
      && ownedB.every((p) => afterLeave.some(([q]) => q === p))) break;
  }
  // A last wait, so that a record read past the end (or twice) would show.
  await sleep(pollMs);
  const final = a.owned;
  await a.consumer.commitOffsets(every.map((partition) => ({
    topic, partition, offset: String(a.position.get(partition)),
  })));
  await a.consumer.disconnect();
  process.stdout.write(`${JSON.stringify({ a: ownedA, b: ownedB, a_final: final, a_after_leave: afterLeave })}\n`);
}

main(process.argv.slice(2)).then(() => process.exit(0), (e) => fail(`${e.name}: ${e.message}`));

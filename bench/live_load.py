# SPDX-License-Identifier: MIT
"""A class's producers for the live lab's benchmark (bench/bench_live_gui.cpp): N confluent-kafka
producers, each with its own client.id, send RATE records a second in all to TOPIC, paced every 10 ms,
acks=all, until SECONDS have passed or stdin closes. Prints "producing" once all are created, and at
the end how many records were acknowledged.
    python3 live_load.py BOOTSTRAP TOPIC CLIENTS RATE SECONDS
"""
import sys
import time

from confluent_kafka import Producer


def main():
    bootstrap, topic = sys.argv[1], sys.argv[2]
    clients, rate, seconds = int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    acked = [0]

    def delivered(err, _msg):
        if err is None:
            acked[0] += 1

    producers = [Producer({"bootstrap.servers": bootstrap, "client.id": "student-%d" % i, "acks": "all",
                           "linger.ms": 5}) for i in range(clients)]
    print("producing", flush=True)
    tick = 0.01
    start = time.monotonic()
    sent = 0
    while time.monotonic() - start < seconds:
        due = int((time.monotonic() - start) * rate)
        while sent < due:
            producers[sent % clients].produce(topic, value=b"record-%d" % sent, on_delivery=delivered)
            sent += 1
        for p in producers:
            p.poll(0)
        time.sleep(tick)
    for p in producers:
        p.flush(30)
    print("acknowledged %d of %d" % (acked[0], sent), flush=True)


if __name__ == "__main__":
    main()
